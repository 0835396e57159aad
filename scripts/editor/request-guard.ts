/**
 * Who may use the editor's API: only the editor's own pages, served by this dev server. Any web page open in
 * the same browser can send requests to localhost, and a DNS-rebinding page can even make them look
 * same-origin, so the Host must name this server on a loopback name and its own port, a write must carry
 * this server's Origin, and a write must be JSON (a cross-site form cannot send that without a preflight,
 * which this API never grants).
 */
import type { IncomingMessage } from 'node:http';
import { EDITOR_PATH } from '../../src/editor/shared/editor-paths.ts';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why the request is refused, in words for the response; null when it may go on. */
export function refusalOf(request: IncomingMessage, extraHostNames: readonly string[] = []): string | null {
  const port = request.socket.localPort;
  const host = request.headers.host ?? '';
  const [, name, hostPort] = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host) ?? [];
  const allowedName = name !== undefined && (LOOPBACK_NAMES.has(name.toLowerCase()) || extraHostNames.includes(name.toLowerCase()));
  if (!allowedName || Number(hostPort) !== port) {
    return `the editor answers only requests addressed to this dev server (Host "${host}" is not localhost:${port}). Open the editor at http://localhost:${port}${EDITOR_PATH}.`;
  }
  const origin = request.headers.origin;
  const ownOrigin = `http://${host}`;
  const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
  if (origin !== undefined && origin !== ownOrigin) return `requests from ${origin} may not use the editor; only pages of ${ownOrigin} may.`;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `a ${site} request may not use the editor; only the editor's own pages may.`;
  if (isWrite) {
    if (origin === undefined) return 'a change must come from the editor page (the request has no Origin header).';
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) return 'a change must be sent as application/json.';
  }
  return null;
}
