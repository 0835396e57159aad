import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Menu } from 'lucide-react';
import type { NavItem, SiteHeaderProps } from '../../src/generated/block-props';
import { activeSectionIndex } from '../../src/kit/active-section';
import { useChromeStore } from '../../src/kit/chrome-store';
import { useRoute } from '../../src/kit/route-context';
import { useScrollTracking } from '../../src/kit/use-scroll-tracking';
import { useSiteSettings } from '../../src/kit/site-settings';
import { SmartLink } from '../../src/kit/smart-link';
import { MobileMenu } from './mobile-menu';
import { NavGroups } from './nav-groups';
import styles from './site-header.module.css';

export default function SiteHeader({ items, cta }: SiteHeaderProps) {
  const { path } = useRoute();
  const { brand } = useSiteSettings();
  const scrolled = useChromeStore((s) => s.scrolled);
  const menuOpen = useChromeStore((s) => s.menuOpen);
  const setMenuOpen = useChromeStore((s) => s.setMenuOpen);
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const headerRef = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const baseId = useId();
  const active = activeSectionIndex(items, path);
  useScrollTracking();
  const closeMobileMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, [setMenuOpen]);

  // A navigation closes every menu.
  useEffect(() => {
    setOpenMenu(null);
    setMenuOpen(false);
  }, [path, setMenuOpen]);

  // A click outside the header closes an open mega-menu.
  useEffect(() => {
    if (openMenu === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpenMenu(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openMenu]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || openMenu === null) return;
    document.getElementById(`${baseId}-button-${openMenu}`)?.focus();
    setOpenMenu(null);
  };

  return (
    // Escape anywhere in the header closes its open mega-menu: the header listens for its buttons and links.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <header ref={headerRef} className={`${styles.header} ${scrolled ? styles.scrolled : ''}`} onKeyDown={onKeyDown}>
      <div className={`container ${styles.bar}`}>
        <SmartLink href="/" className={styles.brand}>
          <span aria-hidden="true" className={styles.mark} />
          {brand}
        </SmartLink>
        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.list}>
            {items.map((item, i) => (
              <li key={item.label} className={styles.item}>
                {item.groups ? (
                  <MegaMenu
                    item={item}
                    buttonId={`${baseId}-button-${i}`}
                    panelId={`${baseId}-menu-${i}`}
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
          <SmartLink href={cta.href} className="button">
            {cta.label}
          </SmartLink>
        </nav>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={`${baseId}-mobile`}
          onClick={() => setMenuOpen(true)}
        >
          <Menu aria-hidden="true" size={20} />
          Menu
        </button>
      </div>
      <MobileMenu
        id={`${baseId}-mobile`}
        open={menuOpen}
        onClose={closeMobileMenu}
        items={items}
        cta={cta}
        active={active}
        brand={brand}
      />
    </header>
  );
}

interface MegaMenuProps {
  item: NavItem;
  buttonId: string;
  panelId: string;
  open: boolean;
  active: boolean;
  onToggle: () => void;
}

/** A disclosure button and its panel of link columns (WAI-ARIA disclosure navigation). */
function MegaMenu({ item, buttonId, panelId, open, active, onToggle }: MegaMenuProps) {
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
      <div id={panelId} className={styles.megaMenu} hidden={!open}>
        <NavGroups groups={item.groups!} />
      </div>
    </>
  );
}
