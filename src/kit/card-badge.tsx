/** A card's icon in a square badge (kit-card-badge in card-grid.css); the block's class sets its size, shape and colours. */
import type { IconName } from '../generated/block-props';
import { Icon } from './icon';

interface CardBadgeProps {
  icon: IconName;
  /** The icon's size in px, inside the badge's --badge-size. */
  iconSize: number;
  className?: string | undefined;
}

export function CardBadge({ icon, iconSize, className }: CardBadgeProps) {
  return (
    <span className={className ? `kit-card-badge ${className}` : 'kit-card-badge'}>
      <Icon name={icon} size={iconSize} />
    </span>
  );
}
