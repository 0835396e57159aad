/**
 * Who hears of a review step beyond the studio's own screens: by e-mail, through the site's mail transport
 * (mail-transport.ts, SMTP_URL), when the studio has one. A publisher hears of a request, the author of a send-back
 * and of the publish. A mail that fails is logged and not retried: the studio's page list and editor show the same
 * state, so no step is lost with it. Values that reach a header lose CR and LF (headerSafe).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { headerSafe } from '../mail/enquiry-message.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import type { Logger } from '../logger.ts';
import { pageNameOfFile } from '../../src/editor/shared/editor-contract.ts';
import { STUDIO_EDITOR_PATH } from '../../src/editor/shared/studio-paths.ts';
import { fileTitle } from './change-summary.ts';
import type { Person, Review } from './review-store.ts';

export interface ReviewNotices {
  /** Whether the steps are sent by e-mail too (a transport is configured). */
  mails: boolean;
  requested(review: Review, publishers: readonly Person[]): void;
  sentBack(review: Review): void;
  approved(review: Review, publisher: Person, commit: string): void;
}

export interface ReviewMailOptions {
  root: string;
  transport: MailTransport | undefined;
  from: string;
  /** The studio's address as people reach it ("https://studio.example.com"), known once it listens. */
  studioOrigin: () => string;
  log: Logger;
}

/** The page's editor in the studio (its first route in pages.json), or the list of pages. */
async function pageLink(root: string, origin: string, file: string): Promise<string> {
  const page = pageNameOfFile(file);
  const site = JSON.parse(await readFile(path.join(root, 'pages.json'), 'utf8').catch(() => '{}')) as { routes?: Array<{ path: string; page: string }> };
  const route = site.routes?.find((r) => r.page === page);
  return `${origin}${STUDIO_EDITOR_PATH}${route ? `?path=${encodeURIComponent(route.path)}` : ''}`;
}

export function reviewNotices(options: ReviewMailOptions): ReviewNotices {
  const { transport, log } = options;
  function send(to: Person, subject: string, lines: (link: string) => string[], file: string) {
    if (!transport) return;
    void (async () => {
      const origin = options.studioOrigin();
      const link = await pageLink(options.root, origin, file);
      const text = `${lines(link).join('\n\n')}\n`;
      await transport.send({ messageId: `<review-${randomUUID()}@${new URL(origin).hostname}>`, from: options.from, to: to.email, subject: headerSafe(subject), text, date: new Date() });
    })().catch((error: unknown) => log.warn({ to: to.email, reason: (error as Error).message }, `The review mail "${headerSafe(subject)}" could not be sent; the studio shows the same step`));
  }
  return {
    mails: transport !== undefined,
    requested(review, publishers) {
      const title = fileTitle(review.file);
      for (const publisher of publishers) {
        send(
          publisher,
          `Review requested: ${title}, by ${review.author.name}`,
          (link) => [
            `${review.author.name} asks you to review their draft of ${title} (${review.file}) before it goes live.`,
            ...(review.note ? [`Their note: ${review.note}`] : []),
            `Open it in the studio, read the change and publish it, or send it back with a comment:\n${link}`,
          ],
          review.file,
        );
      }
    },
    sentBack(review) {
      const title = fileTitle(review.file);
      const by = review.reviewer?.name ?? 'A publisher';
      send(review.author, `Sent back: ${title}`, (link) => [`${by} read your draft of ${title} and sent it back:`, review.comment ?? '', `Change it in the studio, save, and ask for a review again:\n${link}`], review.file);
    },
    approved(review, publisher, commit) {
      const title = fileTitle(review.file);
      send(review.author, `Published: ${title}`, (link) => [`${publisher.name} approved your draft of ${title} and published it (commit ${commit.slice(0, 7)}).`, `See it in the studio:\n${link}`], review.file);
    },
  };
}
