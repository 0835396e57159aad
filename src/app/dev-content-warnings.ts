/**
 * Dev server only (src/boot.ts imports it under import.meta.env.DEV): the content check's warnings, such as a
 * chain of redirects, in a small notice in a corner of the page. Errors block the page in Vite's overlay;
 * warnings must not, yet an editor who never runs `npm run validate` should still see them. The content
 * plugin (scripts/content-check/vite-plugin.ts) sends them after every check, and on request when a page opens.
 */
import type { ContentIssue } from '../model/content-issue';

/** The custom HMR event that carries the warnings, and the one a page sends to ask for the current ones. */
export const contentWarningsEvent = 'content:warnings';
export const contentWarningsRequest = 'content:warnings-request';

/** A warning of the content check, as much of it as the notice shows. */
export type ContentWarning = Pick<ContentIssue, 'file' | 'line' | 'column' | 'where' | 'message'>;

export interface ContentWarningsPayload {
  warnings: ContentWarning[];
}

const dismissedKey = 'content-warnings-dismissed';

const formatWarning = (w: ContentWarning) => `${w.file}:${w.line}:${w.column}  ${w.where ? `${w.where}: ` : ''}${w.message}`;

/** Listens for the warnings and shows them; a dismissed set stays hidden (this tab) until the warnings change. */
export function showContentWarnings(): void {
  const hot = import.meta.hot;
  if (!hot) return;
  hot.on(contentWarningsEvent, (payload: ContentWarningsPayload) => renderNotice(payload.warnings));
  hot.send(contentWarningsRequest);
}

export function renderNotice(warnings: ContentWarning[], doc: Document = document): void {
  doc.querySelector('[data-content-warnings]')?.remove();
  const lines = warnings.map(formatWarning);
  const key = lines.join('\n');
  const state = lines.length === 0 ? 'none' : sessionStorage.getItem(dismissedKey) === key ? 'dismissed' : 'shown';
  // What the page made of the warnings it was sent, so a test can wait for that rather than for a while.
  doc.documentElement.setAttribute('data-content-warnings-state', state);
  if (state !== 'shown') return;

  const notice = doc.createElement('div');
  notice.setAttribute('data-content-warnings', '');
  notice.setAttribute('role', 'status');
  notice.setAttribute('aria-label', 'Content warnings');
  Object.assign(notice.style, {
    position: 'fixed',
    insetBlockEnd: '1rem',
    insetInlineEnd: '1rem',
    zIndex: '2147483000',
    maxInlineSize: 'min(36rem, calc(100vw - 2rem))',
    maxBlockSize: '40vh',
    overflow: 'auto',
    padding: '0.75rem 1rem',
    background: '#fff8e1',
    color: '#3d2c00',
    border: '1px solid #b38600',
    borderRadius: '6px',
    boxShadow: '0 2px 8px rgb(0 0 0 / 0.2)',
    font: '14px/1.4 system-ui, sans-serif',
  });

  const heading = doc.createElement('p');
  heading.style.margin = '0 0 0.5rem';
  heading.style.fontWeight = '600';
  heading.textContent = `Content ${lines.length === 1 ? 'warning' : `warnings (${lines.length})`}: the page works, but npm run validate warns about this.`;
  const list = doc.createElement('ul');
  Object.assign(list.style, { margin: '0 0 0.5rem', paddingInlineStart: '1.25rem', fontFamily: 'ui-monospace, monospace', fontSize: '12px', overflowWrap: 'anywhere' });
  for (const line of lines) {
    const item = doc.createElement('li');
    item.textContent = line;
    list.append(item);
  }
  const dismiss = doc.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = 'Dismiss';
  dismiss.setAttribute('aria-label', 'Dismiss the content warnings');
  Object.assign(dismiss.style, { font: 'inherit', padding: '0.25rem 0.75rem', cursor: 'pointer' });
  dismiss.addEventListener('click', () => {
    sessionStorage.setItem(dismissedKey, key);
    notice.remove();
  });
  notice.append(heading, list, dismiss);
  doc.body.append(notice);
}
