import { useId } from 'react';
import { Menu } from 'lucide-react';
import type { NavItem, SiteHeaderProps } from '../../src/generated/block-props';
import { activeSectionIndex } from '../../src/kit/active-section';
import { useRoute } from '../../src/kit/route-context';
import { useEnhance } from '../../src/kit/use-enhance';
import { useSiteSettings } from '../../src/kit/site-settings';
import { SmartLink } from '../../src/kit/smart-link';
import enhance from './site-header.enhance';
import { MobileMenu } from './mobile-menu';
import { NavGroups } from './nav-groups';
import styles from './site-header.module.css';

/**
 * The header is server HTML with no React state: its menus are `<details>` and a `<dialog>`, and the behaviour
 * they lack is site-header.enhance.ts, which the component only attaches.
 */
export default function SiteHeader({ items, cta }: SiteHeaderProps) {
  const { path } = useRoute();
  const { brand } = useSiteSettings();
  const baseId = useId();
  const menuId = `${baseId}-menu`;
  const root = useEnhance<HTMLElement>(enhance);
  const active = activeSectionIndex(items, path);

  return (
    <header ref={root} className={styles.header}>
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
                  <MegaMenu item={item} group={`${baseId}-mega`} active={active === i} />
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
        <button type="button" className={styles.menuButton} commandfor={menuId} command="show-modal" aria-controls={menuId}>
          <Menu aria-hidden="true" size={20} />
          Menu
        </button>
      </div>
      <MobileMenu id={menuId} items={items} cta={cta} active={active} brand={brand} />
    </header>
  );
}

/** A disclosure and its panel of link columns; sharing one `name`, the mega-menus open one at a time. */
function MegaMenu({ item, group, active }: { item: NavItem; group: string; active: boolean }) {
  return (
    <details name={group} data-mega-menu="">
      <summary className={styles.link} aria-current={active ? 'true' : undefined}>
        {item.label}
        <span aria-hidden="true" className={styles.chevron} />
      </summary>
      <div className={styles.megaMenu}>
        <NavGroups groups={item.groups!} />
      </div>
    </details>
  );
}
