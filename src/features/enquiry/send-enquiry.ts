/**
 * The send-email call (its contract: contract.ts): the contact form's values as multipart form data. Resolves when the API
 * answers `status: true`; otherwise throws an Error whose message can be shown to the visitor as it is, an
 * EnquiryRefused with the fields the API refused when it answers 422.
 */
import { apiHost, site, withHost } from '../../model/site';
import { fromWire, GUARD_FIELDS, SEND_EMAIL_PATH, toWire } from './enquiry-contract';
import type { ContactErrors, ContactValues } from './rules';

export const SEND_TIMEOUT_MS = 15_000;

export const sendErrors = {
  network: "We couldn't send your message. Please check your connection and try again.",
  server: "Our server couldn't accept your message right now. Please try again in a few minutes.",
  tooMany: "You've sent several messages in a short time. Please wait a minute and try again.",
  refused: 'Some details need another look: see the messages beside the fields.',
} as const;

/** The API refused some fields (422): `fields` holds its message for each, under the form's names. */
export class EnquiryRefused extends Error {
  constructor(readonly fields: ContactErrors) {
    super(sendErrors.refused);
    this.name = 'EnquiryRefused';
  }
}

export interface SendOptions {
  /** The API origin; defaults to VITE_API_HOST / settings.apiHost. */
  host?: string;
  /** The fixed site identifier sent as `type`; defaults to settings.siteId in pages.json. */
  siteId?: string;
  /** The spam guard's fields, from the site's own forms (contract.ts). */
  guard?: { honeypot: string; fillMs: number };
  timeoutMs?: number;
}

export async function sendEnquiry(values: ContactValues, options: SendOptions = {}): Promise<void> {
  const body = new FormData();
  // Free text is sent trimmed; the phone and the industry are chosen, not typed around.
  const sent: ContactValues = { ...values, name: values.name.trim(), email: values.email.trim(), message: values.message.trim() };
  for (const [wire, value] of Object.entries(toWire(sent))) body.append(wire, value);
  body.append('type', options.siteId ?? site.settings.siteId);
  if (options.guard) {
    body.append(GUARD_FIELDS.honeypot, options.guard.honeypot);
    body.append(GUARD_FIELDS.fillMs, String(Math.round(options.guard.fillMs)));
  }

  let response: Response;
  try {
    response = await fetch(withHost(SEND_EMAIL_PATH, options.host ?? apiHost), {
      method: 'POST',
      body,
      // The endpoint answers a plain form's post with a page; this call reads its JSON.
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS),
    });
  } catch (error) {
    // Offline, DNS, CORS or the timeout: the request never got an answer.
    console.error('Error sending the enquiry:', error);
    throw new Error(sendErrors.network, { cause: error });
  }

  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    // Not JSON (a proxy's error page): handled as a refusal below.
  }
  if (response.ok && typeof answer === 'object' && answer !== null && (answer as { status?: unknown }).status === true) return;

  console.error(`The send-email call answered ${response.status}:`, answer);
  const wireErrors = response.status === 422 && typeof answer === 'object' && answer !== null ? (answer as { errors?: unknown }).errors : undefined;
  if (typeof wireErrors === 'object' && wireErrors !== null) {
    const fields = fromWire(wireErrors as Record<string, unknown>);
    const messages = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    if (Object.keys(messages).length > 0) throw new EnquiryRefused(messages);
  }
  throw new Error(response.status === 429 ? sendErrors.tooMany : sendErrors.server);
}
