/** The dev server as the editor's server (`npm run dev`, /__edit): its API under /__edit/api (scripts/editor/editor-api.ts). */
import { EDITOR_API, EDITOR_PATH, editorUrl, PREVIEW_PATH, SAVE_STATUS, type Change, type ChangesRequest, type EditorIssue, type FileRead, type PictureUploaded, type SavedFile, type SiteRead } from '../shared/editor-contract';
import { DISK_SIDE, type EditorBackend } from './model/editor-backend';
import { devFileChanges } from './dev-file-changes';

async function call<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  let response: Response;
  try {
    response = await fetch(EDITOR_API + path, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  } catch {
    throw new Error('The dev server does not answer. Is `npm run dev` still running? Your edits are kept in this browser.');
  }
  const body = (await response.json().catch(() => ({ message: `The dev server answered ${response.status} without a message.` }))) as T & { message?: string };
  if (response.status >= 400 && response.status !== SAVE_STATUS.conflict && response.status !== SAVE_STATUS.invalid) throw new Error(body.message ?? `The dev server answered ${response.status}.`);
  return { status: response.status, body };
}

const post = (changes: Change[]): RequestInit => ({ method: 'POST', body: JSON.stringify({ changes } satisfies ChangesRequest) });

export const devBackend: EditorBackend = {
  editorPath: EDITOR_PATH,
  previewPath: PREVIEW_PATH,
  editorUrl,
  theirs: DISK_SIDE,
  createsPages: true,
  listHelp: 'Every route of pages.json and the document it shows. Changes are saved into the same JSON files, changing only the lines you edit. Dev server only.',
  readFile: (file) => call<FileRead>(`/file?file=${encodeURIComponent(file)}`).then((r) => r.body),
  readSite: () => call<SiteRead>('/site').then((r) => r.body),
  checkChanges: (changes) => call<{ issues: EditorIssue[] }>('/check', post(changes)).then((r) => r.body.issues),
  async saveChanges(changes) {
    const { status, body } = await call<{ message: string; saved: SavedFile[]; conflicts: FileRead[]; issues: EditorIssue[] }>('/save', post(changes));
    if (status === SAVE_STATUS.conflict) return { kind: 'conflict', message: body.message, conflicts: body.conflicts };
    if (status === SAVE_STATUS.invalid) return { kind: 'invalid', message: body.message, issues: body.issues };
    return { kind: 'saved', saved: body.saved };
  },
  // The server's refusal (not a picture, too large, a bad name) is thrown with its message for people.
  async sendPicture(upload) {
    const { status, body } = await call<PictureUploaded & { message?: string }>('/pictures', { method: 'POST', body: JSON.stringify(upload) });
    if (status !== 201) throw new Error(body.message ?? `The dev server answered ${status}.`);
    return body;
  },
  fileChanges: devFileChanges,
};
