/**
 * The folders' import rules (docs/architecture.md, "Folders and their import rules"), checked on every
 * import of every source file, so a rule broken by mistake fails the tests instead of eroding quietly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

interface Rule {
  /** Files the rule applies to (repo-relative, "/" separators). */
  from: RegExp;
  /** What they must not import: a repo-relative path or a package name (and the importing file). */
  forbidden: (target: string, file: string) => boolean;
  why: string;
}

const under =
  (...dirs: string[]) =>
  (target: string) =>
    dirs.some((d) => target === d || target.startsWith(`${d}/`));
const featureOf = (file: string) => file.split('/')[2];
/**
 * The modules of src/model that read pages.json (found, not listed, so a new one is covered): the site's own
 * configuration, which an HMR update of pages.json replaces. The editor page reads pages.json through its API.
 */
const readsPagesJson = new Set(
  readdirSync(path.join(root, 'src/model'))
    .filter((name) => /\.tsx?$/.test(name) && /from\s+['"](\.\.\/)+pages\.json['"]/.test(readFileSync(path.join(root, 'src/model', name), 'utf8')))
    .map((name) => `src/model/${name}`),
);
/** What the editor page (and what it shares with its frames) may import from the project: its own folders and the pure model. */
const editorPageMayImport = (target: string) => /^src\/editor\/(page|shared)\//.test(target) || (target.startsWith('src/model/') && !readsPagesJson.has(target));
/** A path of the project rather than a package (react, zustand, virtual:schema-texts). */
const isProjectPath = (target: string) => /^(src|blocks|pages|schemas|server|scripts|tests|public)(\/|$)|^pages\.json$|^index\.html$/.test(target);
const serverMayImport = [/^server\//, /^src\/model\//, /^src\/generated\//, /^src\/features\/([a-z]+)\/\1-contract\.ts$/, /^src\/features\/enquiry\/rules\.ts$/];

export const rules: Rule[] = [
  { from: /^blocks\//, forbidden: under('src/app', 'src/render', 'server', 'scripts', 'src/browser-app.tsx', 'src/entry-server.tsx'), why: 'blocks use src/kit, src/features and src/model, never the app, the renderer or the server' },
  { from: /^src\//, forbidden: under('scripts', 'server'), why: 'src/ ships to the browser and the server bundle; build tooling and the runtime server stay outside it' },
  { from: /^(src|blocks)\//, forbidden: under('ajv', 'ajv-formats', 'jsonc-parser', 'json-schema-to-typescript', 'vite'), why: 'content checking is Node-only tooling: no AJV in the browser' },
  {
    from: /^src\/model\//,
    forbidden: (t) => !/^(src\/model\/|src\/generated\/|pages\.json$)/.test(t) && (t.startsWith('src/') || t === 'react' || t === 'react-dom' || t.startsWith('react/')),
    why: 'the model is shared by browser and server and knows no React and no feature',
  },
  { from: /^src\/kit\//, forbidden: under('src/features', 'src/app', 'src/render'), why: 'the kit is what blocks build on; features build on the kit, not the other way round' },
  { from: /^src\/app\//, forbidden: under('src/features'), why: 'the page shell knows no feature: what a block needs lives in its folder (its server module) and the registries' },
  { from: /^src\/features\//, forbidden: under('src/app', 'src/render'), why: 'features are what blocks build on, below the shell and the renderer' },
  { from: /^src\/features\//, forbidden: (t, file) => t.startsWith('src/features/') && featureOf(t) !== featureOf(file), why: 'no feature imports another' },
  { from: /\.enhance\.ts$/, forbidden: (t) => !t.endsWith('.enhance.ts'), why: 'an enhance script ships on every page, with or without React: it imports nothing but other enhance scripts' },
  {
    from: /^src\/editor\/(page|shared)\//,
    forbidden: (t) => isProjectPath(t) && !editorPageMayImport(t),
    why: 'the editor page imports no site module (only src/editor/page, src/editor/shared and the src/model modules that do not read pages.json): an update of a site module would reload the editor, and blocks render in its preview frame (src/editor/frame)',
  },
  { from: /^src\/editor\/frame\//, forbidden: under('src/editor/page'), why: 'the preview frame is another document than the editor page: it knows the page only through their channel (src/editor/shared/frame-protocol.ts)' },
  {
    from: /^src\/editor\/preview-link\//,
    forbidden: (t) => isProjectPath(t) && !t.startsWith('src/editor/shared/') && !t.startsWith('src/editor/preview-link/'),
    why: "a shared preview's host page, opened without an account, loads nothing of the editor page or the site: it talks to the frame through src/editor/shared only, so the studio can serve it the frame's files and not the editor's",
  },
  {
    from: /^server\/(?!studio\/)/,
    forbidden: (t) => /^(src|blocks|scripts|server)\//.test(t) && (t.startsWith('server/studio/') || !serverMayImport.some((ok) => ok.test(t))),
    why: 'the server imports only the model and the features’ contracts (and never the studio, which runs apart from it)',
  },
  {
    from: /^server\/studio\//,
    forbidden: (t) => /^(src|blocks)\//.test(t) && !serverMayImport.some((ok) => ok.test(t)) && !t.startsWith('src/editor/shared/'),
    why: 'the studio runs in a checkout beside the build tooling (scripts/) and reads the editor’s shared modules, never the site’s components',
  },
];

/** Every import specifier of a source file: static, dynamic, re-exports and side-effect imports. */
export function importsOf(source: string): string[] {
  const found = source.matchAll(/(?:^|[\s;])(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm);
  return [...found].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

/** A specifier as a repo-relative path (relative imports) or the package's name. */
export function targetOf(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) {
    const parts = specifier.split('/');
    return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  }
  return path
    .relative(root, path.resolve(root, path.dirname(file), specifier))
    .split(path.sep)
    .join('/');
}

/** Resolve an extension-less relative target to the file it means. */
function withExtension(target: string): string {
  if (/\.(tsx?|json|css)$/.test(target)) return target;
  for (const ext of ['.ts', '.tsx', '/index.ts']) {
    try {
      readFileSync(path.join(root, target + ext));
      return target + ext;
    } catch {
      // try the next
    }
  }
  return target;
}

export function violations(files: Array<{ file: string; source: string }>): string[] {
  const found: string[] = [];
  for (const { file, source } of files) {
    for (const specifier of importsOf(source)) {
      const target = specifier.startsWith('.') ? withExtension(targetOf(file, specifier)) : targetOf(file, specifier);
      for (const rule of rules) {
        if (rule.from.test(file) && rule.forbidden(target, file)) found.push(`${file} imports ${specifier}: ${rule.why}.`);
      }
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('import rules', () => {
  it('hold for every source file', () => {
    const files = ['src', 'blocks', 'server'].flatMap(sourceFiles).map((file) => ({ file, source: readFileSync(path.join(root, file), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  });

  it('catch each kind of breach', () => {
    const breaches = violations([
      { file: 'blocks/hero/hero.tsx', source: "import { App } from '../../src/app/app';" },
      { file: 'src/kit/icon.tsx', source: "import { x } from '../../server/site-server.ts';\nimport y from '../features/blog/blog-card';" },
      { file: 'src/features/blog/blog-card.tsx', source: "const m = import('ajv');" },
      { file: 'src/model/routes.ts', source: "import { useState } from 'react';" },
      { file: 'server/site-server.ts', source: "export { useBlogs } from '../src/features/blog/use-blogs.ts';" },
      { file: 'src/app/page-head.ts', source: "import { feedTitle } from '../features/blog/feed-title';" },
      { file: 'src/features/blog/blog-card.tsx', source: "import { App } from '../../app/app';\nimport { sendEnquiry } from '../enquiry/send-enquiry';" },
      { file: 'blocks/site-header/site-header.enhance.ts', source: "import { useEffect } from 'react';\nimport { SmartLink } from '../../src/kit/smart-link';" },
      { file: 'src/editor/page/outline.tsx', source: "import { BlockFrame } from '../../render/render-blocks';\nimport { site } from '../../model/site';\nimport { x } from '../frame/preview-model';" },
      { file: 'src/editor/shared/schemas.ts', source: "import { Icon } from '../../kit/icon';\nimport type { HeroProps } from '../../generated/block-props';\nimport pages from '../../../pages.json';" },
      { file: 'src/editor/frame/preview-page.tsx', source: "import { useEditor } from '../page/model/editor-store';" },
      { file: 'server/main.ts', source: "import { createStudioServer } from './studio/studio-server.ts';" },
      { file: 'src/editor/preview-link/preview-host.ts', source: "import { backend } from '../page/model/editor-backend';" },
      { file: 'server/studio/studio-pages.tsx', source: "import { Hero } from '../../blocks/hero/hero';\nimport { useEditor } from '../../src/editor/page/model/editor-store';" },
    ]);
    expect(breaches).toHaveLength(22);
    expect(breaches[0]).toMatch(/^blocks\/hero\/hero\.tsx imports \.\.\/\.\.\/src\/app\/app: blocks use/);
  });

  it('let the allowed imports through', () => {
    expect(
      violations([
        { file: 'blocks/hero/hero.tsx', source: "import { SmartLink } from '../../src/kit/smart-link';\nimport type { HeroProps } from '../../src/generated/block-props';" },
        { file: 'server/api/blog.ts', source: "import { blogApi } from '../../src/features/blog/blog-contract.ts';" },
        { file: 'src/model/site.ts', source: "import siteJson from '../../pages.json';" },
        { file: 'src/features/blog/blog-card.tsx', source: "import { sitePaths } from './site-paths';" },
        {
          file: 'src/editor/page/outline.tsx',
          source: "import { create } from 'zustand';\nimport { resolvePath } from '../../model/routes';\nimport { EDITOR_PATH } from '../shared/editor-contract';\nimport { useEditor } from './model/editor-store';",
        },
        { file: 'src/editor/shared/schemas.ts', source: "import { schemaTexts } from 'virtual:schema-texts';" },
        { file: 'src/editor/frame/preview-page.tsx', source: "import { BlockFrame } from '../../render/render-blocks';\nimport { site } from '../../model/site';" },
        {
          file: 'server/studio/publisher.ts',
          source: "import { validateContent } from '../../scripts/content-check/validate-content.ts';\nimport { labelsAlong } from '../../src/editor/shared/plain-place.ts';\nimport { logger } from '../logger.ts';",
        },
      ]),
    ).toEqual([]);
  });
});
