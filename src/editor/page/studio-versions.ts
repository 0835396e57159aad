/**
 * The versions the studio's editor holds for a file, and what a save of each must send: the live file's version
 * (the editor's own name for a page not live yet), or `draft:<savedAt>` for a team draft. A save sends the live
 * version the draft started from (`base`) and the draft the edits started from (`draftOf`, null from the live
 * page), so the studio tells a colleague's save since (409: the editor merges it in, as a change on disk) from the
 * live page moving on under the draft (a draft behind, merged when the page is opened).
 */

/** The version the editor holds for a page that is not live yet. */
const NOT_LIVE = 'not-live-yet';

export interface SaveBase {
  base: string | null;
  draftOf: string | null;
}

export interface TeamDraft {
  base: string | null;
  savedAt: string;
}

export function studioVersions() {
  const known = new Map<string, SaveBase>();
  const key = (file: string, version: string) => `${file}\n${version}`;
  const remember = (file: string, version: string, save: SaveBase) => {
    known.set(key(file, version), save);
    return version;
  };
  return {
    /** The live file's version, no draft (`merged`: the savedAt of a draft already merged into it when it opened). */
    live: (file: string, version: string | null, merged: string | null = null) => remember(file, version ?? NOT_LIVE, { base: version, draftOf: merged }),
    draft: (file: string, draft: TeamDraft) => remember(file, `draft:${draft.savedAt}`, { base: draft.base, draftOf: draft.savedAt }),
    /** What a save of edits made from `version` sends. */
    saveBase(file: string, version: string | null): SaveBase {
      return known.get(key(file, version ?? NOT_LIVE)) ?? { base: version === NOT_LIVE ? null : version, draftOf: null };
    },
  };
}
