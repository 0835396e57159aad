/**
 * The studio's answers and its checks of a request before anything is done for it: the headers every answer
 * carries (a strict CSP, never cached), the session cookie, the Origin of a change, and a JSON body of bounded
 * size. A request that fails a check is answered here and goes no further.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 64 * 1024;
/** A signed-in editor's documents (a check or a draft of a long page and pages.json): larger than any other change. */
export const CONTENT_BODY_BYTES = 4 * 1024 * 1024;

const STUDIO_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': ["default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'self'"].join('; '),
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex',
};

export function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...STUDIO_HEADERS, 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

/** The headers of every studio answer, set on `res` for a handler that writes its own (the thumbnails). */
export function setStudioHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(STUDIO_HEADERS)) res.setHeader(name, value);
}

export const sendJson = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(value), headers);
export const sendHtml = (res: ServerResponse, status: number, html: string) => send(res, status, 'text/html; charset=utf-8', html);
/** A refusal or failure, said for the person: what happened and what to do. */
export const sendMessage = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) => sendJson(res, status, { message }, headers);

/** The session cookie (or another of the studio's, by `base`): `__Host-` and Secure when the studio is reached over HTTPS. */
export function sessionCookie(secure: boolean, base = 'studio-session') {
  const name = secure ? `__Host-${base}` : base;
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  return {
    read(req: IncomingMessage): string | undefined {
      for (const part of (req.headers.cookie ?? '').split(';')) {
        const [key, ...value] = part.trim().split('=');
        if (key === name) return value.join('=');
      }
      return undefined;
    },
    set: (id: string, maxAgeS: number) => `${name}=${id}; ${attributes}; Max-Age=${maxAgeS}`,
    clear: () => `${name}=; ${attributes}; Max-Age=0`,
  };
}

/** The origin the studio's own pages have: STUDIO_ORIGIN when set, else the address the request was made to. */
export function ownOrigin(req: IncomingMessage, configured: string | undefined): string | undefined {
  if (configured) return configured;
  const host = req.headers.host;
  return host && /^[\w.-]+(:\d+)?$|^\[[\d:a-f.]+\](:\d+)?$/i.test(host) ? `http://${host}` : undefined;
}

type BodyCheck = { ok: true; body: Record<string, unknown> } | { ok: false; status: number; message: string };
type Refusal = Extract<BodyCheck, { ok: false }>;

/** Why a change is refused before its body is read: another Origin (or none), or a body that is not JSON. */
export function changeRefusal(req: IncomingMessage, origin: string | undefined): Refusal | undefined {
  if (!origin || req.headers.origin !== origin) {
    return {
      ok: false,
      status: 403,
      message: `Refused: this request came from ${req.headers.origin ? `another site (${req.headers.origin})` : 'no page of the studio'}. Changes are taken only from the studio's own pages; open the studio and try there.`,
    };
  }
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) return { ok: false, status: 415, message: 'Refused: the studio takes changes as JSON (Content-Type: application/json) only.' };
  return undefined;
}

const inWords = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${bytes / 1024} KB`);

/** How much of a body past its limit is read and dropped before the connection is cut (a sender that never stops). */
const DRAINED_BYTES = 32 * 1024 * 1024;

/**
 * The body as a JSON object, of at most `maxBytes`. A larger one is read to its end and dropped, then refused: cut
 * off mid-way, the connection could reset before the browser read the 413, and it would show a network error
 * instead of its words. Only a body far past the limit is cut off.
 */
export async function readJsonBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES, tooLarge = `Refused: the request is larger than ${inWords(maxBytes)}.`): Promise<BodyCheck> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
    else if (size > maxBytes + DRAINED_BYTES) break;
  }
  if (size > maxBytes) return { ok: false, status: 413, message: tooLarge };
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) return { ok: true, body: body as Record<string, unknown> };
  } catch {
    // answered below
  }
  return { ok: false, status: 400, message: 'Refused: the request body is not a JSON object.' };
}

/** The string fields a request must carry, each at most `max` characters; undefined when one is missing. */
export function stringFields<K extends string>(body: Record<string, unknown>, keys: readonly K[], max = 1024): Record<K, string> | undefined {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const value = body[key];
    if (typeof value !== 'string' || value.length > max) return undefined;
    out[key] = value;
  }
  return out;
}
