/** The editor page's calls to its server's API (the contract: shared/editor-contract.ts), with the answers typed. */
import { EDITOR_API, SAVE_STATUS, type Change, type ChangesRequest, type EditorIssue, type FileRead, type PictureUpload, type PictureUploaded, type SaveAnswer, type SavedFile, type SiteRead } from '../../shared/editor-contract';

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

export const readFile = (file: string) => call<FileRead>(`/file?file=${encodeURIComponent(file)}`).then((r) => r.body);

export const readSite = () => call<SiteRead>('/site').then((r) => r.body);

export const checkChanges = (changes: Change[]) => call<{ issues: EditorIssue[] }>('/check', post(changes)).then((r) => r.body.issues);

export async function saveChanges(changes: Change[]): Promise<SaveAnswer> {
  const { status, body } = await call<{ message: string; saved: SavedFile[]; conflicts: FileRead[]; issues: EditorIssue[] }>('/save', post(changes));
  if (status === SAVE_STATUS.conflict) return { kind: 'conflict', message: body.message, conflicts: body.conflicts };
  if (status === SAVE_STATUS.invalid) return { kind: 'invalid', message: body.message, issues: body.issues };
  return { kind: 'saved', saved: body.saved };
}

/** POST /pictures: the server's refusal (not a picture, too large, a bad name) is thrown with its message for people. */
export async function sendPicture(upload: PictureUpload): Promise<PictureUploaded> {
  const { status, body } = await call<PictureUploaded & { message?: string }>('/pictures', { method: 'POST', body: JSON.stringify(upload) });
  if (status !== 201) throw new Error(body.message ?? `The dev server answered ${status}.`);
  return body;
}
