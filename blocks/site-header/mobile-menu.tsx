/**
 * The small-screen menu: a modal dialog that slides in. The platform keeps focus inside it (the page behind is
 * inert), closes it on Escape or a click on its backdrop, and gives focus back to the Menu button;
 * site-header.enhance.ts makes Tab cycle inside it. Its sections open one at a time.
 */
import { X } from 'lucide-react';
import type { Link, NavItem } from '../../src/generated/block-props';
import { SmartLink } from '../../src/kit/smart-link';
import { NavGroups } from './nav-groups';
import styles from './site-header.module.css';

interface Props {
  id: string;
  items: NavItem[];
  cta: Link;
  active: number;
  brand: string;
}

export function MobileMenu({ id, items, cta, active, brand }: Props) {
  return (
    <dialog id={id} aria-label="Site menu" className={styles.menu} closedby="any">
      <div className={styles.panelTop}>
        <span className={styles.panelBrand}>{brand}</span>
        <button type="button" className={styles.closeButton} aria-label="Close menu" commandfor={id} command="close">
          <X aria-hidden="true" size={22} />
        </button>
      </div>
      <nav aria-label="Main">
        <ul className={styles.mobileList}>
          {items.map((item, i) => (
            <li key={item.label}>
              {item.groups ? (
                <details name={`${id}-section`}>
                  <summary className={styles.mobileLink} aria-current={active === i ? 'true' : undefined}>
                    {item.label}
                    <span aria-hidden="true" className={styles.chevron} />
                  </summary>
                  <div className={styles.mobileSection}>
                    <NavGroups groups={item.groups} />
                  </div>
                </details>
              ) : (
                <SmartLink href={item.href!} className={styles.mobileLink} aria-current={active === i ? 'page' : undefined}>
                  {item.label}
                </SmartLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <SmartLink href={cta.href} className={`button ${styles.panelCta}`}>
        {cta.label}
      </SmartLink>
    </dialog>
  );
}
