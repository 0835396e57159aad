// `npm start`: in a checkout with its development tools, build first when the sources changed; then run the
// compiled production server, dist-server/main.js — the same file a host runs (README, "Deploy").
// Plain JavaScript, so it also works after `npm ci --omit=dev`. package.json runs it with `exec`, so npm's shell
// gives way to this process and the SIGTERM or SIGINT npm passes on reaches the server, which exits with its code.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const main = new URL('../dist-server/main.js', import.meta.url);
const canBuild = existsSync(new URL('../node_modules/vite/', import.meta.url)) && existsSync(new URL('../src/', import.meta.url));

/** Runs the build, passing a stop signal on to it meanwhile; resolves to how it ended. */
function buildIfNeeded() {
  const build = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-needed'], { cwd: root, stdio: 'inherit' });
  const passOn = (signal) => build.kill(signal);
  process.on('SIGINT', passOn);
  process.on('SIGTERM', passOn);
  return new Promise((resolve) =>
    build.once('exit', (code, signal) => {
      process.off('SIGINT', passOn);
      process.off('SIGTERM', passOn);
      resolve({ code, signal });
    }),
  );
}

if (canBuild) {
  const build = await buildIfNeeded();
  if (build.signal) {
    console.error(`Stopped by ${build.signal} while building; nothing was served.`);
    process.exit(1);
  }
  if (build.code !== 0) {
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
