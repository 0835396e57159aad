/**
 * The spam guard of the send-email endpoint, without a captcha: the site's forms carry a honeypot field that
 * people never see, and how long the visitor had been on the site when they sent it. A filled honeypot, or a
 * form sent faster than a person can type it, is spam. A request that carries neither field (another client of the API) is not judged.
 */
import { MIN_FILL_MS } from '../../src/features/enquiry/enquiry-contract.ts';

export interface GuardValues {
  honeypot?: string;
  fillMs?: string;
}

/** Why the submission is spam, or null. */
export function isSpam({ honeypot, fillMs }: GuardValues): string | null {
  if (honeypot !== undefined && honeypot.trim() !== '') return 'honeypot filled';
  if (fillMs !== undefined) {
    const elapsed = Number(fillMs);
    if (!Number.isFinite(elapsed) || elapsed < MIN_FILL_MS) return `sent ${Number.isFinite(elapsed) ? `${Math.round(elapsed)} ms` : 'an unreadable time'} after the page opened`;
  }
  return null;
}
