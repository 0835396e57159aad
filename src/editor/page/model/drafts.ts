/**
 * Unsaved edits kept in the browser's storage until they are saved or discarded, so a reload, a closed tab or
 * a crash never loses them. A draft remembers the file's version it was edited from: if the file changed on
 * disk meanwhile, the editor shows both instead of picking one.
 */
export interface Draft {
  base: string | null;
  value: unknown;
  savedAt: string;
}

const key = (file: string) => `page-editor:draft:${file}`;

export function readDraft(file: string): Draft | undefined {
  try {
    const text = localStorage.getItem(key(file));
    return text ? (JSON.parse(text) as Draft) : undefined;
  } catch {
    return undefined; // storage blocked or a draft from an older editor: nothing to restore
  }
}

/** False when the browser refused to store it (storage full or blocked): the editor says so. */
export function writeDraft(file: string, base: string | null, value: unknown): boolean {
  try {
    localStorage.setItem(key(file), JSON.stringify({ base, value, savedAt: new Date().toISOString() } satisfies Draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(file: string): void {
  try {
    localStorage.removeItem(key(file));
  } catch {
    // nothing stored, nothing to clear
  }
}
