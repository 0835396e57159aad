/**
 * The studio's use of git in the site's checkout: commit the published files as the signed-in user, push when
 * asked, read a file's history and an old version. Only `git` itself runs, with arguments (never a shell), and
 * only on the content files the caller has already checked.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Author {
  name: string;
  email: string;
}

export interface Version {
  commit: string;
  author: string;
  email: string;
  /** ISO 8601. */
  date: string;
  subject: string;
}

export class GitError extends Error {}

export function gitCheckout(root: string) {
  const git = async (args: string[], env: Record<string, string> = {}): Promise<string> => {
    try {
      return (await run('git', args, { cwd: root, env: { ...process.env, ...env, GIT_TERMINAL_PROMPT: '0' }, maxBuffer: 64 * 1024 * 1024 })).stdout;
    } catch (error) {
      const detail = ((error as { stderr?: string }).stderr ?? (error as Error).message).trim();
      throw new GitError(`git ${args[0]} failed in ${root}: ${detail}`);
    }
  };
  const checkout = {
    /** One commit of exactly these files, authored (and committed) as the user; its id. */
    async commit(files: readonly string[], author: Author, message: string): Promise<string> {
      const identity = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email };
      await git(['add', '--', ...files]);
      try {
        await git(['commit', '--no-verify', '--quiet', '-m', message, '--', ...files], identity);
      } catch (error) {
        // Nothing left staged: a new picture stays an untracked file, as before the publish.
        await git(['reset', '--quiet', '--', ...files]).catch(() => undefined);
        throw error;
      }
      return (await git(['rev-parse', 'HEAD'])).trim();
    },
    /** Which of these files (paths in the checkout) git does not track yet, ignored ones left out. */
    async untracked(files: readonly string[]): Promise<string[]> {
      if (files.length === 0) return [];
      const out = await git(['--literal-pathspecs', 'ls-files', '--others', '--exclude-standard', '-z', '--', ...files]);
      return out.split('\0').filter(Boolean);
    },
    /** `remote` and `branch` as STUDIO_GIT_PUSH gives them ("origin main"). */
    async push(remote: string, branch: string): Promise<void> {
      await git(['push', '--quiet', remote, `HEAD:${branch}`]);
    },
    /** The commits that changed the file, newest first. */
    async history(file: string, limit = 100): Promise<Version[]> {
      const out = await git(['log', `--max-count=${limit}`, '--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s%x1e', '--', file]);
      return out
        .split('\x1e')
        .map((record) => record.trim())
        .filter(Boolean)
        .map((record) => {
          const [commit = '', author = '', email = '', date = '', subject = ''] = record.split('\x1f');
          return { commit, author, email, date, subject };
        });
    },
    /** The file's text at a commit, or undefined when the commit did not have it. */
    async show(commit: string, file: string): Promise<string | undefined> {
      if (!/^[0-9a-f]{7,40}$/.test(commit)) throw new GitError(`"${commit}" is not a commit id.`);
      return git(['show', `${commit}:${file}`]).catch(() => undefined);
    },
    /**
     * The file's text whose version (content-files.ts versionOf) is `version`, among its last `limit` commits: the
     * version a draft was started from, for merging the draft with what was published since. Undefined if not found.
     */
    async textOfVersion(file: string, version: string, versionOf: (text: string) => string, limit = 50): Promise<string | undefined> {
      for (const { commit } of await checkout.history(file, limit)) {
        const text = await checkout.show(commit, file);
        if (text !== undefined && versionOf(text) === version) return text;
      }
      return undefined;
    },
    /** The commit's full message. */
    async message(commit: string): Promise<string> {
      return git(['log', '-1', '--format=%B', commit]);
    },
  };
  return checkout;
}

export type GitCheckout = ReturnType<typeof gitCheckout>;
