/**
 * The studio's actions on preview links, each for the role 'edit' (authors share their drafts with people who have
 * no account; studio-server.ts checks session, role, Origin and body before `run`): make a link to a page that has
 * a saved draft, list a page's working links, revoke one. The secret is in the answer to its making and nowhere else:
 * the audit log names the page and the link's short id.
 */
import { checkedPageName, ContentFileError } from '../../scripts/editor/content-files.ts';
import { STUDIO_SHARED_PREVIEW } from '../../src/editor/shared/studio-paths.ts';
import type { AccountStore } from './account-store.ts';
import type { ContentApi, ContentRequest, ContentRoute } from './content-api.ts';
import type { DraftStore } from './draft-store.ts';
import type { PreviewLink } from './preview-link-store.ts';
import type { PreviewLinks } from './preview-links.ts';

/** A page's file ("pages/about.json"); pages.json has no preview of its own. */
function pageFileNamed(value: unknown): string {
  if (typeof value !== 'string' || checkedPageName(value) === undefined) throw new ContentFileError('Say which page: "file" is "pages/<name>.json".', 400);
  return value;
}

const listed = (link: PreviewLink) => ({ id: link.id, by: link.createdBy.name, createdAt: link.createdAt, expiresAt: link.expiresAt });
const refused = (status: number, message: string) => ({ status, body: { message } });

export function createPreviewApi(options: { links: PreviewLinks; drafts: DraftStore; store: AccountStore; now?: () => number }): ContentApi {
  const { links, drafts, store } = options;
  const now = options.now ?? Date.now;
  const audit = (request: ContentRequest, event: 'preview-shared' | 'preview-revoked', link: PreviewLink) =>
    store.appendAudit({ at: new Date(now()).toISOString(), event, actor: request.who.user.email, address: request.address, subject: link.file, detail: `link ${link.id}, until ${link.expiresAt}` });

  const reads: Record<string, ContentRoute> = {
    '/studio/api/previews': {
      action: 'edit',
      async run({ query }) {
        return { status: 200, body: { links: (await links.working(pageFileNamed(query.get('file')))).map(listed) } };
      },
    },
  };
  const writes: Record<string, ContentRoute> = {
    '/studio/api/previews': {
      action: 'edit',
      async run(request) {
        const file = pageFileNamed(request.body.file);
        if (!(await drafts.get(file))) return refused(409, `There is no saved draft of ${file} to share. Save your edits first, then share the preview.`);
        const { secret, link } = await links.create(file, request.who.user);
        await audit(request, 'preview-shared', link);
        return { status: 200, body: { ...listed(link), path: `${STUDIO_SHARED_PREVIEW}${secret}` } };
      },
    },
    '/studio/api/previews/revoke': {
      action: 'edit',
      async run(request) {
        const file = pageFileNamed(request.body.file);
        const id = typeof request.body.id === 'string' ? request.body.id : '';
        const link = await links.revoke(id, file);
        if (!link) return refused(404, `${file} has no working preview link ${id.slice(0, 16)}: it may have expired or been revoked already.`);
        await audit(request, 'preview-revoked', link);
        return { status: 200, body: { message: `The preview link ${link.id} is revoked: it opens nothing any more.` } };
      },
    },
  };
  return { reads, writes };
}
