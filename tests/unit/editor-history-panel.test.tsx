/**
 * The History panel's words for what the browser test cannot easily bring about: no published version yet, a
 * history that could not be read (and read again), a subject that is markup shown as text, and no Restore for a
 * server that offers none. The server is a stand-in answering as the studio does.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HistoryPanel } from '../../src/editor/page/history-panel';
import { chooseBackend, type EditorBackend, type PageVersion } from '../../src/editor/page/model/editor-backend';
import { openInStore } from '../../src/editor/page/model/editor-store';
import { backToEdits, useVersionView } from '../../src/editor/page/model/version-view';

const HOSTILE = '<img src=x onerror=alert(1)>';
const VERSION: PageVersion = { commit: 'c'.repeat(40), author: 'Site Developer', date: '2026-11-20T09:42:00Z', subject: HOSTILE };
let answers: Array<() => Promise<PageVersion[]>>;

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  backToEdits();
  chooseBackend({ history: () => answers.shift()!(), readVersion: async () => '{"title":"Old"}' } as Partial<EditorBackend> as EditorBackend);
  const disk = { version: 'v1', value: {} };
  openInStore({ file: 'pages/about.json', path: '/about', disk: { page: disk, site: disk }, doc: { page: {}, site: {} }, restoredDraft: false });
});

async function panel(): Promise<{ closed: () => number }> {
  let closed = 0;
  await act(async () => void render(<HistoryPanel onClose={() => closed++} />));
  return { closed: () => closed };
}

describe('the History panel', () => {
  it('says when a page has no published version yet', async () => {
    answers = [async () => []];
    await panel();
    expect(screen.getByRole('dialog', { name: 'History of /about' }).textContent).toContain('This page has no published versions yet. Each publish adds one here.');
  });

  it('says why the history could not be read, and reads it again', async () => {
    answers = [() => Promise.reject(new Error('The studio does not answer. Check your connection and try again.')), async () => [VERSION]];
    await panel();
    expect(screen.getByRole('alert').textContent).toBe('The history of this page could not be read: The studio does not answer. Check your connection and try again.Try again');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows a subject that is markup as text, offers no Restore where the server has none, and Show closes it', async () => {
    answers = [async () => [VERSION]];
    const { closed } = await panel();
    const item = screen.getByRole('listitem');
    expect(item.querySelector('p')!.textContent).toBe(HOSTILE);
    expect(document.querySelector('img')).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Restore…' })).toBeNull();
    await act(async () => void fireEvent.click(within(item).getByRole('button', { name: 'Show' })));
    expect(useVersionView.getState().shown?.documents.page).toEqual({ title: 'Old' });
    expect(closed()).toBe(1);
  });
});
