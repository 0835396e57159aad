/**
 * Runs the content validation inside Vite: a failed `vite build`, or the browser's error overlay in dev
 * (cleared by a reload once the content is valid again).
 */
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { validateContent } from './validate.ts';
import { formatIssue } from './issue.ts';
import { createSchemaValidator, type SchemaValidator } from './schema-validator.ts';

const watched = (root: string, file: string) => {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return rel === 'pages.json' || /^pages\/[^/]+\.json$/.test(rel) || /^schemas\/.+\.json$/.test(rel) || rel.startsWith('public/');
};

async function report(root: string, validator?: SchemaValidator): Promise<string | null> {
  const { issues } = await validateContent({ root, ...(validator ? { validator } : {}) });
  const errors = issues.filter((i) => i.severity === 'error');
  if (errors.length === 0) return null;
  return `The site content has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n${errors.map(formatIssue).join('\n')}\nFix them (file:line:col above); npm run validate lists them too.`;
}

export function contentValidationPlugin(): Plugin {
  let root = process.cwd();
  let isSsrBuild = false;
  return {
    name: 'content-validation',
    configResolved(config) {
      root = config.root;
      isSsrBuild = Boolean(config.build.ssr);
    },
    async buildStart() {
      // The dev server validates on its own schedule (below); the SSR build reuses the client build's verdict.
      if (this.meta.watchMode || isSsrBuild) return;
      const problem = await report(root);
      if (problem) this.error(problem);
    },
    configureServer(server: ViteDevServer) {
      let validator: SchemaValidator | undefined;
      let lastProblem: string | null = null;
      const run = async (schemasChanged: boolean) => {
        try {
          if (schemasChanged || !validator) validator = await createSchemaValidator(path.join(root, 'schemas'));
        } catch {
          validator = undefined;
        }
        const problem = await report(root, validator);
        if (problem) {
          server.config.logger.error(problem, { timestamp: true });
          server.ws.send({ type: 'error', err: { message: problem, stack: '', plugin: 'content-validation' } });
        } else if (lastProblem) {
          server.config.logger.info('Site content is valid again.', { timestamp: true });
          server.ws.send({ type: 'full-reload' });
        }
        lastProblem = problem;
      };
      server.ws.on('connection', () => {
        if (lastProblem) server.ws.send({ type: 'error', err: { message: lastProblem, stack: '', plugin: 'content-validation' } });
      });
      const onChange = (file: string) => {
        if (watched(root, file)) void run(file.includes(`${path.sep}schemas${path.sep}`));
      };
      server.watcher.add([path.join(root, 'pages.json'), path.join(root, 'pages'), path.join(root, 'schemas')]);
      server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange);
      void run(true);
    },
  };
}
