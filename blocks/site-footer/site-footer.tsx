import { Mail, Phone } from 'lucide-react';
import type { SiteFooterProps } from '../../src/generated/block-props';
import { telHref, useSiteSettings } from '../../src/kit/site-settings';
import { SmartLink } from '../../src/kit/smart-link';
import { SocialIcon } from './social-icon';
import styles from './site-footer.module.css';

export default function SiteFooter({ blurb, columns, copyright }: SiteFooterProps) {
  const { brand, contact } = useSiteSettings();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.about}>
          <p className={styles.brand}>{brand}</p>
          <p className={styles.blurb}>{blurb}</p>
          <ul className={styles.contact}>
            <li>
              <a href={telHref(contact.phone)}>
                <Phone aria-hidden="true" size={16} />
                {contact.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${contact.email}`}>
                <Mail aria-hidden="true" size={16} />
                {contact.email}
              </a>
            </li>
          </ul>
          <ul className={styles.social}>
            {contact.social.map((s) => (
              <li key={s.href}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${s.label} (opens in a new tab)`}>
                  <SocialIcon network={s.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading} className={styles.column}>
            <h2 className={styles.heading}>{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}>
                  <SmartLink href={link.href}>{link.label}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>{copyright}</p>
        <SmartLink href="/help-center">Help Center</SmartLink>
      </div>
    </footer>
  );
}
