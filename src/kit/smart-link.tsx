/**
 * A link. Navigation is a plain page load (docs/architecture.md, "Navigation"): the page's speculation rules
 * prefetch a site path when the pointer or focus rests on its link, so the click finds the page downloaded.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children: ReactNode;
  /** Open in a new tab (adds rel="noopener noreferrer"). */
  newTab?: boolean;
}

export function SmartLink({ href, children, newTab, ...rest }: Props) {
  return (
    <a href={href} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}
