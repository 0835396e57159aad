import {
  Bot,
  ChartColumn,
  Clock,
  Globe,
  Headset,
  Languages,
  Layers,
  ShieldCheck,
  Sparkles,
  TrendingUp,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { SmartSolutionIcon, SmartSolutionsProps } from '../../src/generated/block-props';
import { SmartLink } from '../../src/lib/smart-link';
import styles from './smart-solutions.module.css';

/** The schema's icon names → components; each is imported by name so unused icons stay out of the bundle. */
const icons: Record<SmartSolutionIcon, LucideIcon> = {
  headset: Headset,
  bot: Bot,
  'shield-check': ShieldCheck,
  globe: Globe,
  languages: Languages,
  clock: Clock,
  'trending-up': TrendingUp,
  layers: Layers,
  'chart-column': ChartColumn,
  workflow: Workflow,
  users: Users,
  sparkles: Sparkles,
};

export default function SmartSolutions({ eyebrow, heading, intro, items, cta }: SmartSolutionsProps) {
  return (
    <section className={styles.section}>
      <div className={`container ${styles.inner}`}>
        <header className={styles.header}>
          <div>
            {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
            <h2 className={styles.heading}>{heading}</h2>
          </div>
          {intro && <p className={styles.intro}>{intro}</p>}
        </header>
        <ul className={styles.grid}>
          {items.map((item, index) => {
            const Icon = item.icon ? icons[item.icon] : null;
            return (
              <li key={index} className={Icon ? `${styles.card} ${styles.withIcon}` : styles.card}>
                {Icon && (
                  <span className={styles.iconBox}>
                    <Icon className={styles.icon} aria-hidden="true" focusable="false" strokeWidth={1.75} />
                  </span>
                )}
                <h3 className={styles.title}>{item.title}</h3>
                <p className={styles.text}>{item.content}</p>
              </li>
            );
          })}
        </ul>
        {cta && (
          <div className={styles.actions}>
            <SmartLink href={cta.href} className="button button-light">
              {cta.label}
            </SmartLink>
          </div>
        )}
      </div>
    </section>
  );
}
