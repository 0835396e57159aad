/**
 * The page editor's server half, in the dev server only (`apply: 'serve'`): its API under /__edit/api/
 * (editor-api.ts), and a message to the open editors whenever a content file changes on disk, with the
 * file's new version, so an editor reloads a page it has not touched and shows a conflict for one it has.
 * The editor's pages themselves (/__edit) are the app's dev-only branch in src/browser-app.tsx.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { createSchemaValidator, type SchemaValidator } from '../content-check/schema-validator.ts';
import { createEditorApi } from './editor-api.ts';
import { SITE_FILE, versionOf } from './content-files.ts';

export const EDITOR_API = '/__edit/api';
export const FILE_CHANGED_EVENT = 'editor:file-changed';

export function editorPlugin(): Plugin {
  return {
    name: 'page-editor',
    apply: 'serve',
    configureServer(server) {
      const root = server.config.root;
      let validator: Promise<SchemaValidator | undefined> | undefined;
      const currentValidator = () => (validator ??= createSchemaValidator(path.join(root, 'schemas')).catch(() => undefined));
      const api = createEditorApi({ root, validator: currentValidator, logError: (message) => server.config.logger.error(message, { timestamp: true }) });
      server.middlewares.use(EDITOR_API, (request, response) => void api(request, response));

      const onChange = (absolute: string) => {
        const file = path.relative(root, absolute).split(path.sep).join('/');
        if (file.startsWith('schemas/')) validator = undefined;
        if (file !== SITE_FILE && !/^pages\/[^/]+\.json$/.test(file)) return;
        void readFile(absolute, 'utf8').then(
          (text) => server.ws.send({ type: 'custom', event: FILE_CHANGED_EVENT, data: { file, version: versionOf(text) } }),
          () => server.ws.send({ type: 'custom', event: FILE_CHANGED_EVENT, data: { file, version: null } }),
        );
      };
      server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange);
    },
  };
}
