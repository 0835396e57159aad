import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { NavItem, SiteHeaderProps } from '../../src/generated/block-props';
import { activeSectionIndex } from '../../src/lib/active-section';
import { useRoute } from '../../src/lib/route-context';
import { useSiteSettings } from '../../src/lib/site-settings';
import { SmartLink } from '../../src/lib/smart-link';
import styles from './site-header.module.css';

export default function SiteHeader({ items, cta }: SiteHeaderProps) {
  const { path } = useRoute();
  const { brand } = useSiteSettings();
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const navId = useId();
  const active = activeSectionIndex(items, path);

  // A navigation closes every menu.
  useEffect(() => {
    setOpenMenu(null);
    setMobileOpen(false);
  }, [path]);

  // A click outside the header closes an open menu.
  useEffect(() => {
    if (openMenu === null && !mobileOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) {
        setOpenMenu(null);
        setMobileOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openMenu, mobileOpen]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    if (openMenu !== null) {
      document.getElementById(`${navId}-button-${openMenu}`)?.focus();
      setOpenMenu(null);
    } else if (mobileOpen) {
      document.getElementById(`${navId}-toggle`)?.focus();
      setMobileOpen(false);
    }
  };

  return (
    <header ref={headerRef} className={styles.header} onKeyDown={onKeyDown}>
      <div className={`container ${styles.bar}`}>
        <SmartLink href="/" className={styles.brand}>
          {brand}
        </SmartLink>
        <button
          id={`${navId}-toggle`}
          type="button"
          className={styles.toggle}
          aria-expanded={mobileOpen}
          aria-controls={`${navId}-nav`}
          onClick={() => setMobileOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id={`${navId}-nav`} aria-label="Main" className={`${styles.nav} ${mobileOpen ? styles.navOpen : ''}`}>
          <ul className={styles.list}>
            {items.map((item, i) => (
              <li key={item.label} className={styles.item}>
                {item.groups ? (
                  <MenuItem
                    item={item}
                    buttonId={`${navId}-button-${i}`}
                    panelId={`${navId}-menu-${i}`}
                    open={openMenu === i}
                    active={active === i}
                    onToggle={() => setOpenMenu(openMenu === i ? null : i)}
                  />
                ) : (
                  <SmartLink href={item.href!} className={styles.link} aria-current={active === i ? 'page' : undefined}>
                    {item.label}
                  </SmartLink>
                )}
              </li>
            ))}
          </ul>
          <SmartLink href={cta.href} className={`button ${styles.cta}`}>
            {cta.label}
          </SmartLink>
        </nav>
      </div>
    </header>
  );
}

interface MenuItemProps {
  item: NavItem;
  buttonId: string;
  panelId: string;
  open: boolean;
  active: boolean;
  onToggle: () => void;
}

function MenuItem({ item, buttonId, panelId, open, active, onToggle }: MenuItemProps) {
  return (
    <>
      <button
        id={buttonId}
        type="button"
        className={styles.link}
        aria-expanded={open}
        aria-controls={panelId}
        aria-current={active ? 'true' : undefined}
        onClick={onToggle}
      >
        {item.label}
        <span aria-hidden="true" className={styles.chevron} />
      </button>
      <div id={panelId} className={styles.menu} hidden={!open}>
        {item.groups!.map((group) => (
          <div key={group.heading} className={styles.group}>
            <p className={styles.groupHeading}>{group.heading}</p>
            <ul>
              {group.links.map((link) => (
                <li key={link.href}>
                  <SmartLink href={link.href}>{link.label}</SmartLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </>
  );
}
