/**
 * A page's published versions and drafts in words for people: when (the reader's local date and time, "today at
 * 10:42" for today), whose, and what a restore would replace. Only text: the views render it as text, never markup.
 */
import type { PageDraft, PageVersion } from './editor-backend';

/** The reader's locale and time zone by default; tests pin them. */
export interface WordsOptions {
  locale?: string;
  timeZone?: string;
  now?: Date;
}

const dayOf = (date: Date, timeZone?: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/** "27 November 2026 at 10:42", or "today at 10:42"; a date that cannot be read is shown as it came. */
export function whenText(iso: string, options: WordsOptions = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { locale, timeZone, now = new Date() } = options;
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(date);
  if (dayOf(date, timeZone) === dayOf(now, timeZone)) return `today at ${time}`;
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date)} at ${time}`;
}

/** "the version of 27 November 2026 at 10:42 by Pat Okafor" */
export const versionName = (version: PageVersion, options?: WordsOptions) => `the version of ${whenText(version.date, options)} by ${version.author || 'someone unnamed'}`;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The banner over the preview while an old version is shown. */
export const shownText = (version: PageVersion, options?: WordsOptions) => `You are looking at ${versionName(version, options)}: “${version.subject}”. It cannot be edited; your edits are kept as they are.`;

/** What restoring would replace, as a question; undefined when it replaces nothing (no edits, no draft). */
export function replacesText(what: { unsaved: boolean; draft?: PageDraft }, options?: WordsOptions): string | undefined {
  const parts = [what.draft && `the draft by ${what.draft.by} saved ${whenText(what.draft.at, options)}`, what.unsaved && 'your unsaved edits to this page'].filter(Boolean);
  if (parts.length === 0) return undefined;
  return `This replaces ${parts.join(' and ')}. Undo brings ${parts.length === 1 && what.draft ? 'it' : 'them'} back into the editor, unsaved.`;
}

/** The status once a version is the page's draft. */
export const restoredText = (version: PageVersion, options?: WordsOptions) => `${capitalised(versionName(version, options))} is now a draft. Publish it to make it live again.`;
