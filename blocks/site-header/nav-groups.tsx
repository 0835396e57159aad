/** The link columns of a menu, shared by the desktop mega-menu and the mobile menu's sections. */
import type { NavGroup } from '../../src/generated/block-props';
import { SmartLink } from '../../src/kit/smart-link';
import styles from './site-header.module.css';

export function NavGroups({ groups }: { groups: NavGroup[] }) {
  return groups.map((group) => (
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
  ));
}
