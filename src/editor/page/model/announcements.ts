/**
 * What the editor last did to the page's blocks, said in words for everyone: a screen reader hears it from the
 * status region (action-status.tsx), and a removal offers its Undo there, for as long as nothing else has changed.
 */
import { create } from 'zustand';
import { useEditor, type Root } from './editor-store';
import { entryTitle } from '../../shared/plain-place';
import { schemaFiles } from '../../shared/schemas';

export interface Announcement {
  text: string;
  /** The document right after an undoable change, and where the block was: Undo is offered while it is still this one. */
  undo?: { after: Root; at: number };
}

export const useAnnouncement = create<Announcement>(() => ({ text: '' }));

/** A block entry's name for people: "Client quotes", "Shared section “closing-banner”". */
export const entryName = (entry: unknown) => entryTitle(schemaFiles, entry) ?? 'The block';

export function announce(text: string, undoAt?: number): void {
  useAnnouncement.setState({ text, undo: undoAt === undefined ? undefined : { after: useEditor.getState().doc, at: undoAt } });
}
