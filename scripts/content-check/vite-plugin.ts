/**
 * Runs the content validation inside Vite: a failed `vite build`, or the browser's error overlay in dev
 * (cleared by a reload once the content is valid again). It also fills in the schema defaults of pages.json,
 * pages/*.json and the block schemas' examples as they are imported (dev, client and SSR builds, tests alike),
 * so components always receive their defaulted props.
 */
import type { FileStat } from '../file-stats.ts';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { validateContent } from './validate-content.ts';
import { formatIssue, type ContentIssue } from './issue.ts';
import { contentWarningsEvent, contentWarningsRequest, type ContentWarningsPayload } from '../../src/app/dev-content-warnings.ts';
import { createSchemaValidator, type SchemaValidator } from './schema-validator.ts';
import { defaultedFile, fillFileDefaults } from './schema-defaults.ts';
import { parseContentJson, parseJsonWithPositions, withoutBom } from './json-positions.ts';
import { codeFrame } from './code-frame.ts';
import { contentStamps, stampChanges } from './content-stamps.ts';

const relative = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

const watched = (root: string, file: string) => {
  const rel = relative(root, file);
  return rel === 'pages.json' || rel === 'content-versions.json' || /^pages\/[^/]+\.json$/.test(rel) || /^schemas\/.+\.json$/.test(rel) || rel.startsWith('public/');
};

/** The content's errors as one message for people (null when there are none), and its warnings. */
async function contentReport(root: string, validator?: SchemaValidator, cacheFile?: string, validate = validateContent, stats?: ReadonlyMap<string, FileStat>): Promise<{ problem: string | null; warnings: ContentIssue[] }> {
  // Against HEAD, as npm run validate: a route renamed while editing shows in the overlay with the redirect to add.
  const { issues } = await validate({ root, since: 'HEAD', ...(validator ? { validator } : {}), ...(cacheFile ? { cacheFile } : {}), ...(stats ? { stats } : {}) });
  const errors = issues.filter((i) => i.severity === 'error');
  const warnings = issues.filter((i) => i.severity === 'warning');
  if (errors.length === 0) return { problem: null, warnings };
  return { problem: `The site content has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n${errors.map(formatIssue).join('\n')}\nFix them (file:line:col above); npm run validate lists them too.`, warnings };
}

/** The content's errors as one message for people, or null when it is valid. The build runs it too, when it skips Vite, with the pages' `stats` it took. */
export async function contentProblem(root: string, validator?: SchemaValidator, cacheFile?: string, stats?: ReadonlyMap<string, FileStat>): Promise<string | null> {
  return (await contentReport(root, validator, cacheFile, validateContent, stats)).problem;
}

/**
 * A content file that is not JSON fails its import here, with the place and plain words: Vite's own JSON error
 * names the file "[object Object]", and its overlay breaks on that, leaving a blank page.
 */
function rejectSyntaxError(this: { error(e: { message: string; id: string; loc: { file: string; line: number; column: number }; frame: string }): never }, code: string, id: string, rel: string): void {
  try {
    parseContentJson(code);
    return;
  } catch {
    // Parsed again below for the position; only a broken file pays for it.
  }
  const syntax = parseJsonWithPositions(code).syntaxErrors[0] ?? { line: 1, column: 1, message: 'JSON syntax error' };
  this.error({
    message: `${rel}:${syntax.line}:${syntax.column}  ${syntax.message}. Fix it and save; the page reloads. (npm run validate lists every content error.)`,
    id,
    loc: { file: id, line: syntax.line, column: syntax.column },
    frame: codeFrame(withoutBom(code), syntax.line, syntax.column),
  });
}

const CHECKED = 'content-checked';

/** Added by a caller that has run the content check itself (scripts/build.ts): the build hook then skips it. */
export function contentCheckedPlugin(): Plugin {
  return { name: CHECKED };
}

export interface ContentValidationOptions {
  /** The content check itself; a test passes one that makes an older run slower, to order runs as a busy machine may. */
  validate?: typeof validateContent;
}

export function contentValidationPlugin({ validate = validateContent }: ContentValidationOptions = {}): Plugin {
  let root = process.cwd();
  let isSsrBuild = false;
  let checkedAlready = false;
  // One compiled validator serves the reports and the defaults; dropped when a schema changes.
  let validator: Promise<SchemaValidator> | undefined;
  const currentValidator = () => {
    if (!validator) {
      const created = createSchemaValidator(path.join(root, 'schemas'));
      validator = created;
      created.catch(() => {
        if (validator === created) validator = undefined; // try again next time
      });
    }
    return validator;
  };
  // Broken schemas are reported by validateContent itself, as a content error.
  const validatorIfCompiles = () => currentValidator().catch(() => undefined);

  return {
    name: 'content-validation',
    configResolved(config) {
      root = config.root;
      isSsrBuild = Boolean(config.build.ssr);
      checkedAlready = config.plugins.some((p) => p.name === CHECKED);
    },
    async buildStart() {
      // The dev server validates on its own schedule (below); the SSR build reuses the client build's verdict.
      if (this.meta.watchMode || isSsrBuild || checkedAlready) return;
      const problem = await contentProblem(root, await validatorIfCompiles());
      if (problem) this.error(problem);
    },
    transform: {
      order: 'pre', // before Vite's JSON plugin turns the JSON into a module
      filter: { id: /\.json$/ },
      async handler(code, id) {
        const file = defaultedFile(relative(root, id));
        if (!file) return null;
        rejectSyntaxError.call(this, code, id, relative(root, id));
        const v = await validatorIfCompiles();
        if (!v) return null;
        // The filled module depends on the schemas too (a watching build rebuilds; the dev server uses hotUpdate below).
        for (const schema of v.schemaFiles) this.addWatchFile(path.join(root, 'schemas', schema));
        const filled = fillFileDefaults(v, file, code);
        return filled === undefined ? null : { code: filled, map: null };
      },
    },
    // Vite's dev import analysis skips JSON, so it does not know the filled modules depend on the schemas: say so.
    hotUpdate({ file, modules }) {
      if (!relative(root, file).startsWith('schemas/')) return;
      const filled = [...this.environment.moduleGraph.idToModuleMap.values()].filter((m) => m.file && defaultedFile(relative(root, m.file)));
      return [...new Set([...modules, ...filled])];
    },
    configureServer(server: ViteDevServer) {
      let lastProblem: string | null = null;
      // Warnings never block the page: the terminal prints them when they change, and each page shows them in a
      // small notice (src/app/dev-content-warnings.ts).
      let warnings: ContentWarningsPayload = { warnings: [] };
      let printedWarnings = '';
      // Each change starts a check, and a burst of changes (a git checkout) starts several at once, which may end in
      // any order. Only the newest check to start has read the newest files, so only it may say anything.
      let newestRun = 0;
      const run = async (thisRun: number) => {
        const before = await contentStamps(root);
        const report = await contentReport(root, await validatorIfCompiles(), undefined, validate);
        const changes = stampChanges(before, await contentStamps(root));
        if (thisRun !== newestRun) return;
        // A file changed while it was checked, and the watcher may never say so: say it for the watcher, so the
        // check runs again and the pages reload too.
        if (changes.length > 0) {
          for (const { file, event } of changes) server.watcher.emit(event, path.join(root, file));
          return;
        }
        const { problem } = report;
        warnings = { warnings: report.warnings.map(({ file, line, column, where, message }) => ({ file, line, column, where, message })) };
        const text = report.warnings.map(formatIssue).join('\n');
        if (text !== printedWarnings && text)
          server.config.logger.warn(`The site content has ${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'} (the pages work; npm run validate lists them too):\n${text}`, { timestamp: true });
        printedWarnings = text;
        server.ws.send(contentWarningsEvent, warnings);
        if (problem) {
          server.config.logger.error(problem, { timestamp: true });
          server.ws.send({ type: 'error', err: { message: problem, stack: '', plugin: 'content-validation' } });
        } else if (lastProblem) {
          server.config.logger.info('Site content is valid again.', { timestamp: true });
          server.ws.send({ type: 'full-reload' });
        }
        lastProblem = problem;
      };
      // A check that fails (a file deleted while it reads it) says so in the terminal and runs again on the next change.
      const runReported = () => {
        const thisRun = ++newestRun;
        run(thisRun).catch((error: unknown) => {
          if (thisRun === newestRun) server.config.logger.error(`The content check could not run: ${(error as Error).message}. It runs again on the next change.`, { timestamp: true });
        });
      };
      server.ws.on(contentWarningsRequest, (_data: unknown, client: { send(event: string, payload: ContentWarningsPayload): void }) => client.send(contentWarningsEvent, warnings));
      server.ws.on('connection', () => {
        if (lastProblem) server.ws.send({ type: 'error', err: { message: lastProblem, stack: '', plugin: 'content-validation' } });
      });
      const onChange = (file: string) => {
        if (!watched(root, file)) return;
        // Synchronously: Vite invalidates the filled modules (hotUpdate) only after this, so they refill from the new schemas.
        if (relative(root, file).startsWith('schemas/')) validator = undefined;
        runReported();
      };
      server.watcher.add([path.join(root, 'pages.json'), path.join(root, 'content-versions.json'), path.join(root, 'pages'), path.join(root, 'schemas')]);
      server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange);
      runReported();
    },
  };
}
