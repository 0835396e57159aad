/** A link whose text is followed by the arrow icon, nudged forward while the link is hovered (link-arrow.css). */
import type { ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { SmartLink } from './smart-link';

export function ArrowLink({ href, className, children }: { href: string; className?: string | undefined; children: ReactNode }) {
  return (
    <SmartLink href={href} className={className}>
      {children}
      <ArrowRight className="kit-link-arrow" aria-hidden="true" focusable="false" />
    </SmartLink>
  );
}
