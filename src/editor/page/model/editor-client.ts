/** The editor's calls to its dev-server API (scripts/editor/editor-api.ts), with the answers typed. */
import type { ContentIssue } from '../../../model/content-issue';

/** A content-check issue as the API answers it. */
export type EditorIssue = ContentIssue;

export interface FileRead {
  file: string;
  text: string | null;
  version: string | null;
}

export interface PublicImage {
  src: string;
  width?: number;
  height?: number;
}

export interface Change {
  file: string;
  value: unknown;
  base: string | null;
}

export type SaveAnswer =
  { kind: 'saved'; saved: Array<{ file: string; version: string; text: string; changed: boolean }> } | { kind: 'conflict'; message: string; conflicts: FileRead[] } | { kind: 'invalid'; message: string; issues: EditorIssue[] };

const API = '/__edit/api';

async function call<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  let response: Response;
  try {
    response = await fetch(API + path, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  } catch {
    throw new Error('The dev server does not answer. Is `npm run dev` still running? Your edits are kept in this browser.');
  }
  const body = (await response.json().catch(() => ({ message: `The dev server answered ${response.status} without a message.` }))) as T & { message?: string };
  if (response.status >= 400 && response.status !== 409 && response.status !== 422) throw new Error(body.message ?? `The dev server answered ${response.status}.`);
  return { status: response.status, body };
}

export const readFile = (file: string) => call<FileRead>(`/file?file=${encodeURIComponent(file)}`).then((r) => r.body);

export const readSite = () => call<{ pages: string[]; images: PublicImage[]; fragmentUse: Record<string, string[]> }>('/site').then((r) => r.body);

export const checkChanges = (changes: Change[]) => call<{ issues: EditorIssue[] }>('/check', { method: 'POST', body: JSON.stringify({ changes }) }).then((r) => r.body.issues);

export async function saveChanges(changes: Change[]): Promise<SaveAnswer> {
  const { status, body } = await call<{ message: string; saved: []; conflicts: FileRead[]; issues: EditorIssue[] }>('/save', { method: 'POST', body: JSON.stringify({ changes }) });
  if (status === 409) return { kind: 'conflict', message: body.message, conflicts: body.conflicts };
  if (status === 422) return { kind: 'invalid', message: body.message, issues: body.issues };
  return { kind: 'saved', saved: body.saved };
}
