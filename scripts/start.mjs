// `npm start`: in a checkout with its development tools, build first when the sources changed; then run the
// compiled production server, dist-server/main.js — the same file a host runs (README, "Deploy").
// Plain JavaScript, so it also works after `npm ci --omit=dev`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const main = new URL('../dist-server/main.js', import.meta.url);
const canBuild = existsSync(new URL('../node_modules/vite/', import.meta.url)) && existsSync(new URL('../src/', import.meta.url));

if (canBuild) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-needed'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed, so there is nothing current to serve.');
    process.exit(1);
  }
} else if (!existsSync(main)) {
  console.error('There is no build in dist-server/, and this install has no build tools. Run "npm ci && npm run build" first, or copy dist/ and dist-server/ from a build.');
  process.exit(1);
}

// main.js starts when it is the main module (as workers of WEB_CONCURRENCY run it): make it so here too.
process.argv[1] = fileURLToPath(main);
await import(main.href);
