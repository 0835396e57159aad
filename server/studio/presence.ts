/**
 * Who has a page open in the studio's editor: each open editor says so every few seconds (POST
 * /studio/api/presence, role edit, checked as every write), and hears who else has the same page open, whose
 * draft of it is kept and the live version (the editor follows a colleague's save by them, studio-backend.ts), so two people on one page see each other before their saves meet. Kept in memory: it is
 * about the last half minute, and a restart forgets nothing worth keeping.
 */
import { checkedPageName, ContentFileError, readContentFile, versionOrNull } from '../../scripts/editor/content-files.ts';
import type { ContentApi } from './content-api.ts';
import type { DraftStore } from './draft-store.ts';

/** An editor not heard from for this long has closed the page (it says so every 10 s). */
export const PRESENCE_MS = 30_000;

export function createPresenceApi(options: { root: string; drafts: DraftStore; now?: () => number }): ContentApi {
  const now = options.now ?? Date.now;
  // file → e-mail → who and when they were last heard from.
  const open = new Map<string, Map<string, { name: string; at: number }>>();
  return {
    reads: {},
    writes: {
      '/studio/api/presence': {
        action: 'edit',
        async run({ who, body }) {
          if (typeof body.file !== 'string') throw new ContentFileError('Say which page: "file" is "pages/<name>.json".', 400);
          const file = body.file;
          checkedPageName(file);
          const at = now();
          for (const [page, viewers] of open) {
            for (const [email, seen] of viewers) if (at - seen.at > PRESENCE_MS) viewers.delete(email);
            if (viewers.size === 0) open.delete(page);
          }
          const viewers = open.get(file) ?? new Map<string, { name: string; at: number }>();
          open.set(file, viewers.set(who.user.email, { name: who.user.name, at }));
          const others = [...viewers].filter(([email]) => email !== who.user.email).map(([, seen]) => seen.name);
          // What the editor follows between its own saves: a colleague's newer draft, or the live page once it has none.
          const draft = await options.drafts.get(file);
          const live = await readContentFile(options.root, file);
          return { status: 200, body: { others, draft: draft ? { by: draft.savedBy.name, at: draft.savedAt } : null, live: versionOrNull(live) } };
        },
      },
    },
  };
}
