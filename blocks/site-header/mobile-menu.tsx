/** The small-screen menu: a panel that slides in, keeps focus inside, and closes on Escape or outside. */
import { useEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import type { Link, NavItem } from '../../src/generated/block-props';
import { SmartLink } from '../../src/kit/smart-link';
import { NavGroups } from './nav-groups';
import styles from './site-header.module.css';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  cta: Link;
  active: number;
  brand: string;
}

const focusable = 'a[href], button:not([disabled])';

export function MobileMenu({ id, open, onClose, items, cta, active, brand }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<number | null>(null);

  useEffect(() => {
    if (!open) return;
    const element = panel.current!;
    const visible = () => [...element.querySelectorAll<HTMLElement>(focusable)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    visible()[0]?.focus();
    const root = document.documentElement;
    root.classList.add(styles.scrollLock!);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'Tab') {
        const targets = visible();
        const first = targets[0];
        const last = targets[targets.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      root.classList.remove(styles.scrollLock!);
    };
  }, [open, onClose]);

  return (
    // A click on the backdrop closes the menu; the keyboard closes it with Escape (above) or the Close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className={`${styles.overlay} ${open ? styles.overlayOpen : ''}`} onClick={onClose}>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- keeps a click inside the panel from reaching the backdrop */}
      <div id={id} ref={panel} role="dialog" aria-modal="true" aria-label="Site menu" className={styles.panel} onClick={(e) => e.stopPropagation()}>
        <div className={styles.panelTop}>
          <span className={styles.panelBrand}>{brand}</span>
          <button type="button" className={styles.closeButton} aria-label="Close menu" onClick={onClose}>
            <X aria-hidden="true" size={22} />
          </button>
        </div>
        <nav aria-label="Main">
          <ul className={styles.mobileList}>
            {items.map((item, i) =>
              item.groups ? (
                <li key={item.label}>
                  <button
                    type="button"
                    className={styles.mobileLink}
                    aria-expanded={expanded === i}
                    aria-controls={`${id}-section-${i}`}
                    aria-current={active === i ? 'true' : undefined}
                    onClick={() => setExpanded(expanded === i ? null : i)}
                  >
                    {item.label}
                    <span aria-hidden="true" className={styles.chevron} />
                  </button>
                  <div id={`${id}-section-${i}`} className={styles.mobileSection} hidden={expanded !== i}>
                    <NavGroups groups={item.groups} />
                  </div>
                </li>
              ) : (
                <li key={item.label}>
                  <SmartLink href={item.href!} className={styles.mobileLink} aria-current={active === i ? 'page' : undefined}>
                    {item.label}
                  </SmartLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <SmartLink href={cta.href} className={`button ${styles.panelCta}`}>
          {cta.label}
        </SmartLink>
      </div>
    </div>
  );
}
