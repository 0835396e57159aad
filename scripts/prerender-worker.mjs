/**
 * The entry of a prerender worker thread (scripts/prerender-pool.ts starts them). A worker thread does not
 * inherit the TypeScript loader of the thread that starts it (tsx for the build, vite-node under vitest), so
 * this plain module registers tsx, then runs scripts/prerender-thread.ts.
 */
import { register } from 'tsx/esm/api';

register();
await import('./prerender-thread.ts');
