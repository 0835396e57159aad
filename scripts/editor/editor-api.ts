/**
 * The editor's HTTP API, served by the dev server under /__edit/api/ (editor-plugin.ts), never by the
 * production server:
 *
 *   GET  /file?file=pages/about.json   → { file, text, version } (text null when the file does not exist)
 *   GET  /site                         → { pages, images, fragmentUse }: the page documents, the pictures under
 *                                        public/ and the pages that insert each fragment
 *   POST /check { changes }            → { issues }: the content check run on the changed documents in memory
 *   POST /save  { changes }            → { saved: [{ file, version }] }, 409 { conflicts } or 422 { issues }
 *   POST /pictures { name, data }      → 201 { image: { src, width, height } }: a photograph uploaded into
 *                                        public/images/ (picture-upload.ts), or a refusal that says why
 *
 * A change is { file, value, base }: the document's new value and the version of the file it was edited from
 * (null for a file that does not exist yet). Every change of one save is checked together and written only
 * when the whole site is still valid and no file changed on disk since the editor read it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SchemaValidator } from '../content-check/schema-validator.ts';
import { checkedPageName, ContentFileError, readContentFile, versionOf, versionOrNull, writeContentFile } from './content-files.ts';
import { issuesOfChanges, planChanges } from './planned-changes.ts';
import { readSiteFacts } from './site-facts.ts';
import { savePicture, tooLarge, UPLOAD_BODY_BYTES, UploadRefusal, uploadOf } from './picture-upload.ts';
import { refusalOf } from './request-guard.ts';
import { SAVE_STATUS, type Change, type FileRead, type SavedFile } from '../../src/editor/shared/editor-contract.ts';

export interface EditorApiOptions {
  root: string;
  /** The compiled schemas, shared with the content check's plugin; undefined while they do not compile. */
  validator: () => Promise<SchemaValidator | undefined>;
  /** Where a failure of the editor's own code is told (the dev server's terminal). */
  logError: (message: string) => void;
}

const MAX_BODY = 8 * 1024 * 1024;

class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  response.end(JSON.stringify(body));
}

/**
 * The body as JSON. Past `limit` it is refused with `tooLarge`, and the rest is read and dropped rather than the
 * connection cut, so the refusal reaches the client as an answer.
 */
function readBody(request: IncomingMessage, limit = MAX_BODY, tooLarge = () => new RequestError(`the request is larger than ${MAX_BODY / 1024 / 1024} MB.`, 413)): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      chunks.length = 0;
      reject(tooLarge()); // once: a settled promise ignores the later calls
    });
    request.on('error', reject);
    request.on('end', () => {
      if (size > limit) return;
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new RequestError('the request body is not JSON.', 400));
      }
    });
  });
}

function changesOf(body: unknown): Change[] {
  const changes = (body as { changes?: unknown } | null)?.changes;
  if (!Array.isArray(changes) || changes.length === 0) throw new RequestError('send { "changes": [{ "file", "value", "base" }] } with at least one change.', 400);
  return changes.map((c: Partial<Change>) => {
    if (typeof c?.file !== 'string' || c.value === undefined || !(typeof c.base === 'string' || c.base === null)) {
      throw new RequestError('each change needs "file" (string), "value" (the document) and "base" (the version it was edited from, or null for a new file).', 400);
    }
    checkedPageName(c.file); // refuses any other file before anything is read
    return { file: c.file, value: c.value, base: c.base };
  });
}

export function createEditorApi(options: EditorApiOptions) {
  const { root } = options;
  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const refusal = refusalOf(request);
      if (refusal) throw new RequestError(`Refused: ${refusal}`, 403);
      const url = new URL(request.url ?? '/', 'http://editor.invalid');
      const route = `${request.method} ${url.pathname}`;
      if (route === 'GET /file') {
        const file = url.searchParams.get('file') ?? '';
        const text = await readContentFile(root, file);
        return send(response, 200, { file, text: text ?? null, version: versionOrNull(text) } satisfies FileRead);
      }
      if (route === 'GET /site') {
        return send(response, 200, await readSiteFacts(root));
      }
      if (route === 'POST /check') {
        const planned = await planChanges(root, changesOf(await readBody(request)));
        return send(response, 200, { issues: await issuesOfChanges(root, planned, await options.validator()) });
      }
      if (route === 'POST /save') {
        const planned = await planChanges(root, changesOf(await readBody(request)));
        const conflicts = planned.filter((p) => versionOrNull(p.disk) !== p.change.base);
        if (conflicts.length > 0) {
          return send(response, SAVE_STATUS.conflict, {
            message: `${conflicts.map((c) => c.change.file).join(', ')} changed on disk since the editor read ${conflicts.length === 1 ? 'it' : 'them'}. Nothing was saved.`,
            conflicts: conflicts.map((c): FileRead => ({ file: c.change.file, text: c.disk ?? null, version: versionOrNull(c.disk) })),
          });
        }
        const errors = (await issuesOfChanges(root, planned, await options.validator())).filter((i) => i.severity === 'error');
        if (errors.length > 0) {
          return send(response, SAVE_STATUS.invalid, { message: `Not saved: ${errors.length} error${errors.length === 1 ? '' : 's'} to fix first.`, issues: errors });
        }
        const written = planned.filter((p) => p.text !== p.disk);
        for (const p of written) await writeContentFile(root, p.change.file, p.text);
        return send(response, SAVE_STATUS.saved, { saved: planned.map((p): SavedFile => ({ file: p.change.file, version: versionOf(p.text), text: p.text, changed: p.text !== p.disk })) });
      }
      if (route === 'POST /pictures') {
        const upload = uploadOf(await readBody(request, UPLOAD_BODY_BYTES, () => tooLarge(undefined)));
        return send(response, 201, await savePicture(root, upload));
      }
      throw new RequestError(`there is no ${route} in the editor's API.`, 404);
    } catch (error) {
      if (error instanceof RequestError || error instanceof ContentFileError || error instanceof UploadRefusal) return send(response, error.status, { message: error.message });
      options.logError(`The editor's API failed on ${request.method} ${request.url}: ${(error as Error).stack ?? String(error)}`);
      send(response, 500, { message: `The editor's server failed: ${(error as Error).message}. See the dev server's terminal.` });
    }
  };
}
