/** A link that navigates inside the app for site paths and behaves as a plain link otherwise. */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import { prefetchPath } from './link-prefetch';

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children: ReactNode;
  /** Open in a new tab (adds rel="noopener noreferrer"). */
  newTab?: boolean;
}

export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !/\.[a-z0-9]+$/i.test(href.split(/[?#]/)[0]!);
}

export function SmartLink({ href, children, newTab, ...rest }: Props) {
  if (isSitePath(href) && !newTab) {
    const warmUp = () => prefetchPath(href);
    return (
      <Link href={href} onPointerEnter={warmUp} onFocus={warmUp} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}
