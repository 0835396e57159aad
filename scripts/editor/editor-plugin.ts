/**
 * The page editor's server half, in the dev server only (`apply: 'serve'`): its API under /__edit/api/
 * (editor-api.ts), and a message to the open editors whenever a content file changes on disk, with the
 * file's new version, so an editor reloads a page it has not touched and shows a conflict for one it has.
 * The editor's pages themselves (/__edit and its preview frame) are the dev-only branches of src/boot.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { createSchemaValidator, type SchemaValidator } from '../content-check/schema-validator.ts';
import { createEditorApi } from './editor-api.ts';
import { versionOf } from './content-files.ts';
import { EDITOR_API, FILE_CHANGED_EVENT, isContentFile, type FileChanged } from '../../src/editor/shared/editor-contract.ts';

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
        if (!isContentFile(file)) return;
        const tell = (data: FileChanged) => server.ws.send({ type: 'custom', event: FILE_CHANGED_EVENT, data });
        void readFile(absolute, 'utf8').then(
          (text) => tell({ file, version: versionOf(text) }),
          () => tell({ file, version: null }),
        );
      };
      server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange);
    },
  };
}
