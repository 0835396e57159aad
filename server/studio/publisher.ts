/**
 * Publishing: the edited documents go live in one step or not at all. In order: the content check on the whole
 * site with them in place (the URL guard included); the files written; the incremental build (a running
 * `npm start` serves it within seconds, site-server.ts followBuilds); one git commit authored by the user, whose
 * message says in words what changed, with the new pictures the documents show; a push when configured. A failed
 * check writes nothing; a failed build or commit puts the files back and builds again, so the site and the
 * repository are as they were (a new picture stays an uncommitted upload). One publish at a time.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIssue } from '../../scripts/content-check/issue.ts';
import { validateContent } from '../../scripts/content-check/validate-content.ts';
import type { SchemaValidator } from '../../scripts/content-check/schema-validator.ts';
import { contentCheckCacheFile } from '../../scripts/build-cache.ts';
import { checkedPageName, parseContentText, writeContentFile } from '../../scripts/editor/content-files.ts';
import { planChanges } from '../../scripts/editor/planned-changes.ts';
import type { SchemaFiles } from '../../src/editor/shared/schema-model.ts';
import { changedPlaces, commitMessage } from './change-summary.ts';
import type { Author, GitCheckout } from './git-checkout.ts';
import { serially } from './json-files.ts';
import { picturePaths } from '../../scripts/images/picture-catalog.ts';

export interface PublishChange {
  file: string;
  value: unknown;
}

/** How long each step of a publish took, in ms: what an operator (or the bench) reads when publishing feels slow. */
export interface PublishTimes {
  checkMs: number;
  buildMs: number;
  commitMs: number;
  /** 0 without STUDIO_GIT_PUSH. */
  pushMs: number;
}

export type PublishResult = ({ kind: 'published'; commit: string; message: string; pushError?: string } & PublishTimes) | { kind: 'invalid'; message: string; issues: ContentIssue[] } | { kind: 'unchanged'; message: string };

export class PublishError extends Error {}

export interface PublisherOptions {
  root: string;
  git: GitCheckout;
  /** The incremental build of the checkout; rejects with what went wrong. */
  build: () => Promise<void>;
  schemaFiles: () => SchemaFiles;
  /** The compiled schemas, kept by the caller (the content API's); compiled for each publish without it. */
  validator?: () => Promise<SchemaValidator>;
  /** STUDIO_GIT_PUSH: where each publish is pushed. */
  push?: { remote: string; branch: string };
}

export function createPublisher(options: PublisherOptions) {
  const { root, git } = options;
  const oneAtATime = serially();

  /**
   * The files under public/ that the published documents show and git does not track yet: the pictures uploaded in
   * the studio (picture-route.ts) for them. They join the commit; an upload no published page shows stays uncommitted.
   */
  async function newPicturesOf(documents: readonly unknown[]): Promise<string[]> {
    const files = picturePaths(documents)
      .filter((src) => !src.split('/').some((segment) => segment.startsWith('.')))
      .map((src) => `public${src}`);
    return git.untracked(files);
  }

  async function publishNow(changes: readonly PublishChange[], author: Author, note?: string): Promise<PublishResult> {
    for (const { file } of changes) checkedPageName(file);
    const written = (await planChanges(root, changes)).filter((p) => p.text !== p.disk).map((p) => ({ ...p.change, disk: p.disk, text: p.text }));
    if (written.length === 0) return { kind: 'unchanged', message: 'Nothing to publish: the live pages already say this.' };

    const checking = performance.now();
    // With the build's cache of each unchanged document's results: at 10,000 pages, checking every one again took seconds.
    // The URL guard against HEAD, the last publish: a path the site served must keep a route or get a redirect.
    const { issues } = await validateContent({ root, since: 'HEAD', validator: await options.validator?.(), cacheFile: contentCheckCacheFile, overrides: new Map(written.map((p) => [p.file, p.text])) });
    const errors = issues.filter((i) => i.severity === 'error');
    if (errors.length > 0) return { kind: 'invalid', message: `Not published: ${errors.length} error${errors.length === 1 ? '' : 's'} to fix first. The live site is unchanged.`, issues: errors };

    const restore = async () => {
      for (const p of written) {
        if (p.disk === undefined) await rm(path.join(root, p.file), { force: true });
        else await writeContentFile(root, p.file, p.disk);
      }
    };
    for (const p of written) await writeContentFile(root, p.file, p.text);
    const started = performance.now();
    const checkMs = Math.round(started - checking);
    try {
      await options.build();
    } catch (error) {
      await restore();
      await options.build().catch(() => undefined);
      throw new PublishError(`Not published: the build failed (${(error as Error).message}). The live site and the repository are as they were.`);
    }
    const buildMs = Math.round(performance.now() - started);
    let commit: string;
    let message: string;
    const committing = performance.now();
    try {
      const pictures = await newPicturesOf(written.map((p) => p.value));
      message = commitMessage(
        written.map((p) => ({ file: p.file, places: changedPlaces(options.schemaFiles(), p.file, p.disk === undefined ? undefined : parseContentText(p.disk), p.value) })),
        [note, pictures.length > 0 ? `New pictures: ${pictures.join(', ')}` : undefined].filter(Boolean).join('\n\n') || undefined,
      );
      commit = await git.commit([...written.map((p) => p.file), ...pictures], author, message);
    } catch (error) {
      await restore();
      await options.build().catch(() => undefined);
      throw new PublishError(`Not published: the commit failed (${(error as Error).message}). The live site and the repository are as they were.`);
    }
    const pushing = performance.now();
    const times = { checkMs, buildMs, commitMs: Math.round(pushing - committing) };
    const pushed = () => Math.round(performance.now() - pushing);
    if (!options.push) return { kind: 'published', commit, message, ...times, pushMs: 0 };
    try {
      await git.push(options.push.remote, options.push.branch);
      return { kind: 'published', commit, message, ...times, pushMs: pushed() };
    } catch (error) {
      return {
        kind: 'published',
        commit,
        message,
        ...times,
        pushMs: pushed(),
        pushError: `Published and committed, but the push to ${options.push.remote} ${options.push.branch} failed (${(error as Error).message}). The commit is kept; push it by hand or try again.`,
      };
    }
  }

  return {
    publish: (changes: readonly PublishChange[], author: Author, note?: string): Promise<PublishResult> => oneAtATime(() => publishNow(changes, author, note)),
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
