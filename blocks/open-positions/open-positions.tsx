import { useId, type ReactNode } from 'react';
import { Mail, MapPin, Users } from 'lucide-react';
import type { OpenPositionsProps } from '../../src/generated/block-props';
import { CardGrid } from '../../src/kit/card-grid';
import { Section } from '../../src/kit/section';
import { useSiteSettings } from '../../src/kit/site-settings';
import styles from './open-positions.module.css';

const emailToken = '{email}';

/** The apply text with the HR address as a link where the text says {email} (or after the text). */
function applyContent(text: string, email: ReactNode): ReactNode {
  const at = text.indexOf(emailToken);
  if (at === -1)
    return (
      <>
        {text} {email}
      </>
    );
  return (
    <>
      {text.slice(0, at)}
      {email}
      {text.slice(at + emailToken.length)}
    </>
  );
}

export default function OpenPositions({ heading, intro, positions, applyHeading, applyText }: OpenPositionsProps) {
  const { contact } = useSiteSettings();
  const applyId = useId();
  const mailto = (subject: string) => `mailto:${contact.hrEmail}?subject=${encodeURIComponent(subject)}`;

  return (
    <Section heading={heading} intro={intro}>
      <CardGrid items={positions} columns={2} className={styles.grid} cardClassName={styles.card} itemKey={(position) => position.id}>
        {(position) => (
          <>
            <h3 className={styles.name}>{position.title}</h3>
            <ul className={styles.meta}>
              <li className={styles.tag}>
                <MapPin className={styles.metaIcon} aria-hidden="true" focusable="false" />
                <span className="visually-hidden">Location: </span>
                {contact.city}
              </li>
              <li className={styles.tag}>
                <Users className={styles.metaIcon} aria-hidden="true" focusable="false" />
                {position.openings === 1 ? '1 opening' : `${position.openings} openings`}
              </li>
            </ul>
            <p className={styles.description}>{position.text}</p>
            <a className={styles.apply} href={mailto(`Application: ${position.title} (${contact.city})`)}>
              {/* One inline run: as separate flex items the words would lose the spaces between them. */}
              <span>
                Apply<span className="visually-hidden"> for {position.title}</span> by e-mail
              </span>
            </a>
          </>
        )}
      </CardGrid>
      <aside className={styles.applyBox} aria-labelledby={applyId}>
        <span className={styles.applyIcon}>
          <Mail aria-hidden="true" focusable="false" />
        </span>
        <div>
          <h3 id={applyId} className={styles.applyHeading}>
            {applyHeading}
          </h3>
          <p className={styles.applyText}>
            {applyContent(
              applyText,
              <a className={styles.email} href={`mailto:${contact.hrEmail}`}>
                {contact.hrEmail}
              </a>,
            )}
          </p>
        </div>
      </aside>
    </Section>
  );
}
