/**
 * The studio's own pages, rendered on the server with React (so every text from a user or from content is
 * escaped, never run). Their script and styles are files of the studio (assets/), allowed by a CSP without
 * 'unsafe-inline'; the forms post JSON through assets/studio-forms.js.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AuditEntry, AuditEvent, StudioUser } from './account-store.ts';
import { may } from './roles.ts';
import { MIN_PASSWORD_LENGTH } from './password-hash.ts';

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · Studio`}</title>
        <link rel="stylesheet" href="/studio/assets/studio.css" />
        <script type="module" src="/studio/assets/studio-forms.js" />
      </head>
      <body>
        <main className="studio-card">{children}</main>
      </body>
    </html>
  );
}

/** A form the script posts as JSON to `action`; its answer's message goes to the alert, success to `next`. */
function JsonForm({ action, next, submit, children }: { action: string; next: string; submit: string; children: ReactNode }) {
  return (
    <form className="studio-form" data-json-action={action} data-next={next} noValidate>
      {children}
      <p className="studio-error" role="alert" />
      <button type="submit">{submit}</button>
      <noscript>
        <p>The studio needs JavaScript: allow it for this address to sign in.</p>
      </noscript>
    </form>
  );
}

function Field({ label, name, type = 'text', autoComplete, hint }: { label: string; name: string; type?: string; autoComplete: string; hint?: string }) {
  return (
    <label className="studio-field">
      <span>{label}</span>
      <input name={name} type={type} autoComplete={autoComplete} required {...(type === 'password' ? { minLength: MIN_PASSWORD_LENGTH } : {})} aria-describedby={hint ? `${name}-hint` : undefined} />
      {hint && (
        <small id={`${name}-hint`} className="studio-hint">
          {hint}
        </small>
      )}
    </label>
  );
}

const html = (page: ReactNode) => `<!doctype html>${renderToStaticMarkup(page)}`;

export function signInPage(): string {
  return html(
    <Page title="Sign in">
      <h1>Sign in to the studio</h1>
      <JsonForm action="/studio/api/sign-in" next="/studio" submit="Sign in">
        <Field label="Email" name="email" type="email" autoComplete="username" />
        <Field label="Password" name="password" type="password" autoComplete="current-password" />
      </JsonForm>
    </Page>,
  );
}

export function noAdminPage(): string {
  return html(
    <Page title="Set up">
      <h1>The studio has no admin yet</h1>
      <p>Open the one-time setup link that the studio printed in its terminal when it started. If it was lost or has expired, restart the studio for a new one.</p>
    </Page>,
  );
}

/** The setup secret is in the link's fragment: the browser never sends it in a request line or a log. */
export function setupPage(): string {
  return html(
    <Page title="Set up the first admin">
      <h1>Set up the first admin</h1>
      <p>You will manage the studio&apos;s users and read its audit log. Add the others afterwards.</p>
      <JsonForm action="/studio/api/setup" next="/studio" submit="Create the admin and sign in">
        <Field label="Your name" name="name" autoComplete="name" hint="It signs the changes you publish." />
        <Field label="Email" name="email" type="email" autoComplete="username" />
        <Field label="Password" name="password" type="password" autoComplete="new-password" hint={`At least ${MIN_PASSWORD_LENGTH} characters; a few words make a good one.`} />
      </JsonForm>
    </Page>,
  );
}

export function homePage(user: StudioUser): string {
  return html(
    <Page title="Studio">
      <h1>Studio</h1>
      <p>
        Signed in as <strong>{user.name}</strong> ({user.email}), {user.role}.
      </p>
      <p>
        <a href="/studio/edit">Edit pages</a>
      </p>
      {may(user.role, 'read-audit') && (
        <p>
          <a href="/studio/audit">Read the audit log</a>
        </p>
      )}
      <JsonForm action="/studio/api/sign-out" next="/studio" submit="Sign out">
        {null}
      </JsonForm>
    </Page>,
  );
}

/** The audit log's events in words; the stored names stay as they are (the CLI and the database show those). */
const EVENT_WORDS: Record<AuditEvent, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-in-throttled': 'Sign-in refused (too many failures)',
  'sign-out': 'Signed out',
  'first-admin': 'First admin set up',
  'user-added': 'User added',
  'user-removed': 'User removed',
  'role-changed': 'Role changed',
  'password-reset': 'Password reset',
  published: 'Published',
  restored: 'Old version restored as a draft',
  uploaded: 'Picture uploaded',
  'preview-shared': 'Preview link shared',
  'preview-revoked': 'Preview link revoked',
  'publish-scheduled': 'Publish scheduled',
  'schedule-changed': 'Scheduled publish changed',
  'schedule-cancelled': 'Scheduled publish cancelled',
  'published-by-schedule': 'Published as scheduled',
  'schedule-failed': 'Scheduled publish failed',
  'review-requested': 'Review requested',
  'review-sent-back': 'Sent back after review',
  'review-approved': 'Approved and published after review',
  'review-withdrawn': 'Review ended (draft discarded)',
};

export function auditPage(entries: readonly AuditEntry[]): string {
  return html(
    <Page title="Audit log">
      <h1>Audit log</h1>
      <p>
        <a href="/studio">Back to the studio</a>
      </p>
      <table className="studio-table">
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">What</th>
            <th scope="col">Who</th>
            <th scope="col">From</th>
            <th scope="col">About</th>
          </tr>
        </thead>
        <tbody>
          {[...entries].reverse().map((entry, i) => (
            <tr key={i}>
              <td data-label="When (UTC)">{entry.at.replace('T', ' ').slice(0, 19)}</td>
              <td data-label="What">{EVENT_WORDS[entry.event]}</td>
              <td data-label="Who">{entry.actor ?? '—'}</td>
              <td data-label="From">{entry.address}</td>
              <td data-label="About">{[entry.subject, entry.detail].filter(Boolean).join(': ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>,
  );
}
