/**
 * The studio's HTTP server: its pages, sign-in and sign-out, the first admin's setup and the audit log. Every
 * change is checked in one order before it is done: the studio's own Origin and a JSON body (studio-http.ts),
 * then, for a content action, a live session and the role (roles.ts) before its body is read. The page editor's
 * production build, the site's pictures and their thumbnails are served to signed-in users only (editor-files.ts).
 */
import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { clientAddress, type TrustProxy } from '../http/client-address.ts';
import type { Logger } from '../logger.ts';
import type { AccountStore } from './account-store.ts';
import { AccountError, createAccounts } from './accounts.ts';
import { createSessions, LIFETIME_MS, type SignedIn } from './sessions.ts';
import { changeRefusal, CONTENT_BODY_BYTES, ownOrigin, readJsonBody, send, sendHtml, sendJson, sendMessage, sessionCookie, setStudioHeaders, stringFields } from './studio-http.ts';
import { auditPage, homePage, noAdminPage, setupPage, signInPage } from './studio-pages.tsx';
import { may, type Action } from './roles.ts';
import type { Answer, ContentApi, ContentRoute } from './content-api.ts';
import { ContentFileError } from '../../scripts/editor/content-files.ts';
import { UploadRefusal } from '../../scripts/editor/picture-upload.ts';
import { GitError } from './git-checkout.ts';
import { StorageUnavailableError } from '../enquiries/enquiry-store.ts';
import { isEditorPage, isEditorPath } from './editor-files.ts';
import { isPicturePath } from './public-pictures.ts';
import { IMAGE_ENDPOINT_PATH } from '../../src/model/image-endpoint-url.ts';
import { loggedPath, type PreviewRoute } from './preview-route.ts';

export interface StudioServerOptions {
  store: AccountStore;
  /** STUDIO_ORIGIN: the address people reach the studio at ("https://studio.example.com"); Secure cookies when https. */
  origin?: string;
  trustProxy: TrustProxy;
  logger: Logger;
  now?: () => number;
  /** The pages, drafts, publishing and history (content-api.ts); without it the studio is accounts only. */
  content?: ContentApi;
  /** Serves the page editor's build (editor-files.ts), once the session is checked; without it there is no editor. */
  editor?: (res: ServerResponse, pathname: string) => Promise<void>;
  /** Serves the site's pictures to signed-in users (public-pictures.ts), for the editor's preview. */
  pictures?: (res: ServerResponse, pathname: string) => Promise<void>;
  /** The picture library's thumbnails (/_image?src=…, the image endpoint on public/), for signed-in users. */
  thumbnails?: (req: IncomingMessage, res: ServerResponse, search: string) => Promise<void>;
  /** Preview links: their actions (preview-api.ts) and the page they open without an account (preview-route.ts). */
  previews?: { api: ContentApi; route: PreviewRoute };
}

const ASSETS: Record<string, string> = {
  'studio.css': 'text/css; charset=utf-8',
  'studio-forms.js': 'text/javascript; charset=utf-8',
};
const assetsDir = path.join(import.meta.dirname, 'assets');
const STORAGE_AWAY = 'The studio cannot reach its database just now, so this was not done. Try again in a minute; if it keeps failing, tell whoever runs the studio.';
const NOT_SIGNED_IN = 'You are not signed in, or your session has ended. Sign in again at /studio.';

export function createStudioServer(options: StudioServerOptions): http.Server {
  const { store, origin, trustProxy, logger } = options;
  const now = options.now ?? Date.now;
  const accounts = createAccounts(store, now);
  const sessions = createSessions(store, now);
  const cookie = sessionCookie(origin?.startsWith('https://') ?? false);

  const signedIn = (req: IncomingMessage) => sessions.resolve(cookie.read(req));
  const startSession = async (res: ServerResponse, user: Parameters<typeof sessions.start>[0]) => {
    const id = await sessions.start(user);
    sendJson(res, 200, { name: user.name, role: user.role }, { 'Set-Cookie': cookie.set(id, LIFETIME_MS / 1000) });
  };

  /** A content action: session and role first (unless `signedInAs` was checked already), then the action; a refused file name, upload or commit is said in words. */
  async function content(req: IncomingMessage, res: ServerResponse, route: ContentRoute, query: URLSearchParams, body: Record<string, unknown>, signedInAs?: SignedIn): Promise<void> {
    const who = signedInAs ?? (await allowed(req, res, route.action));
    if (!who) return;
    let answer: Answer;
    try {
      answer = await route.run({ who, address: clientAddress(req, trustProxy), query, body });
    } catch (error) {
      if (error instanceof ContentFileError) answer = { status: error.status, body: { message: `Refused: ${error.message}` } };
      else if (error instanceof UploadRefusal) answer = { status: error.status, body: { message: error.message } };
      else if (error instanceof GitError) answer = { status: 400, body: { message: error.message } };
      else throw error;
    }
    sendJson(res, answer.status, answer.body);
  }

  async function page(req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams, search: string): Promise<void> {
    const read = options.content?.reads[pathname] ?? options.previews?.api.reads[pathname];
    if (read) return content(req, res, read, query, {});
    if (pathname.startsWith('/studio/assets/')) {
      const name = pathname.slice('/studio/assets/'.length);
      const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
      if (!type) return sendMessage(res, 404, 'There is no such file in the studio.');
      return send(res, 200, type, await readFile(path.join(assetsDir, name)));
    }
    // A shared preview: its secret, not a session, opens that one page.
    if (options.previews?.route.isPreviewPath(pathname)) return options.previews.route.serve(res, pathname);
    const who = await signedIn(req);
    if (options.editor && isEditorPath(pathname)) {
      if (!who && (await options.previews?.route.mayReadAsset(req, pathname))) return options.editor(res, pathname);
      // A person opening the editor signs in first; a script or style asked for without a session is refused.
      if (!who) return isEditorPage(pathname) ? send(res, 303, 'text/plain; charset=utf-8', NOT_SIGNED_IN, { Location: '/studio' }) : sendMessage(res, 401, NOT_SIGNED_IN);
      return options.editor(res, pathname);
    }
    if (options.pictures && isPicturePath(pathname)) return who || (await options.previews?.route.holdsWorkingLink(req)) ? options.pictures(res, pathname) : sendMessage(res, 401, NOT_SIGNED_IN);
    if (options.thumbnails && pathname === IMAGE_ENDPOINT_PATH) {
      if (!who) return sendMessage(res, 401, NOT_SIGNED_IN);
      setStudioHeaders(res);
      return options.thumbnails(req, res, search);
    }
    switch (pathname) {
      case '/studio':
      case '/studio/':
        if (who) return sendHtml(res, 200, homePage(who.user));
        return sendHtml(res, 200, (await accounts.needsFirstAdmin()) ? noAdminPage() : signInPage());
      case '/studio/setup':
        return sendHtml(res, 200, (await accounts.needsFirstAdmin()) ? setupPage() : signInPage());
      case '/studio/audit':
        if (!who) return send(res, 303, 'text/plain; charset=utf-8', NOT_SIGNED_IN, { Location: '/studio' });
        if (!may(who.user.role, 'read-audit')) return sendMessage(res, 403, 'Only admins read the audit log.');
        return sendHtml(res, 200, auditPage(await store.audit()));
      case '/studio/api/me':
        return who
          ? sendJson(res, 200, {
              email: who.user.email,
              name: who.user.name,
              role: who.user.role,
              mayPublish: may(who.user.role, 'publish'),
              mayRestore: may(who.user.role, 'restore'),
              mayCreatePages: may(who.user.role, 'create-page'),
            })
          : sendMessage(res, 401, NOT_SIGNED_IN);
      default:
        return sendMessage(res, 404, `There is no page ${pathname} in the studio. Start at /studio.`);
    }
  }

  /** The session, and the role's right to `action`; answers the refusal itself and returns undefined. */
  async function allowed(req: IncomingMessage, res: ServerResponse, action: Action): Promise<SignedIn | undefined> {
    const who = await signedIn(req);
    if (!who) sendMessage(res, 401, NOT_SIGNED_IN);
    else if (!may(who.user.role, action)) sendMessage(res, 403, `Refused: as ${who.user.role} you may not do this. Ask an admin if you need to.`);
    else return who;
    return undefined;
  }

  async function change(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const address = clientAddress(req, trustProxy);
    const write = options.content?.writes[pathname] ?? options.previews?.api.writes[pathname];
    const refusal = changeRefusal(req, ownOrigin(req, origin));
    if (refusal) return sendMessage(res, refusal.status, refusal.message);
    if (write) {
      // The session and the role before the body: a whole document, or a photograph, is read only for those who may send it.
      const who = await allowed(req, res, write.action);
      if (!who) return;
      const read = await readJsonBody(req, write.body?.maxBytes ?? CONTENT_BODY_BYTES, write.body?.tooLarge);
      if (!read.ok) return sendMessage(res, read.status, read.message);
      return content(req, res, write, new URLSearchParams(), read.body, who);
    }
    const checked = await readJsonBody(req);
    if (!checked.ok) return sendMessage(res, checked.status, checked.message);
    const { body } = checked;
    switch (pathname) {
      case '/studio/api/sign-in': {
        const fields = stringFields(body, ['email', 'password']);
        if (!fields) return sendMessage(res, 400, 'Write your e-mail and your password.');
        const result = await accounts.signIn(fields.email, fields.password, address);
        if (result.kind === 'throttled') {
          const minutes = Math.ceil(result.waitMs / 60_000);
          return sendMessage(res, 429, `Too many failed sign-ins. Wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again, or ask an admin to reset your password.`, {
            'Retry-After': String(Math.ceil(result.waitMs / 1000)),
          });
        }
        if (result.kind === 'refused') return sendMessage(res, 401, 'The e-mail or the password is wrong. Check both and try again.');
        return startSession(res, result.user);
      }
      case '/studio/api/sign-out': {
        const id = cookie.read(req);
        const who = await sessions.resolve(id);
        if (id) await sessions.end(id);
        if (who) await store.appendAudit({ at: new Date(now()).toISOString(), event: 'sign-out', actor: who.user.email, address });
        return sendJson(res, 200, { message: 'Signed out.' }, { 'Set-Cookie': cookie.clear() });
      }
      case '/studio/api/setup': {
        const fields = stringFields(body, ['token', 'email', 'name', 'password']);
        if (!fields) return sendMessage(res, 400, 'Write your name, e-mail and a password, and open the setup link as it was printed (with its part after "#").');
        try {
          return await startSession(res, await accounts.setUpFirstAdmin(fields.token, fields, address));
        } catch (error) {
          if (error instanceof AccountError) return sendMessage(res, 400, error.message);
          throw error;
        }
      }
      default:
        if (!(await allowed(req, res, 'edit'))) return;
        return sendMessage(res, 404, `There is no action ${pathname} in the studio.`);
    }
  }

  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://studio');
    const pathname = url.pathname;
    const handle =
      req.method === 'GET' || req.method === 'HEAD'
        ? page(req, res, pathname, url.searchParams, url.search.slice(1))
        : req.method === 'POST'
          ? change(req, res, pathname)
          : Promise.resolve(sendMessage(res, 405, 'The studio takes GET and POST only.', { Allow: 'GET, HEAD, POST' }));
    handle
      .catch((error: unknown) => {
        // The database away (studio-database.ts has logged it, once a while): said plainly, no stack, no crash.
        if (error instanceof StorageUnavailableError && !res.headersSent) return sendMessage(res, 503, STORAGE_AWAY, { 'Retry-After': '30' });
        logger.error({ err: error, path: loggedPath(pathname) }, 'A studio request failed');
        if (!res.headersSent) sendMessage(res, 500, 'The studio could not do this because of a fault on its side. Try again; if it keeps failing, tell whoever runs the studio (the cause is in its log).');
        else res.destroy();
      })
      .finally(() => logger.info({ method: req.method, path: loggedPath(pathname), status: res.statusCode }, 'studio request'));
  });
}
