/**
 * The tests: vite.config.ts (plugins, CSS modules) plus the two projects. Kept apart from vite.config.ts, which the
 * build fingerprints as code and which the tests' copies of the project carry without tests/.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { UI_TIMEOUT } from './tests/timeouts.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // A poll waits for a state, on a loaded machine too: never vitest's one-second default.
      expect: { poll: { timeout: UI_TIMEOUT, interval: 100 } },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}', 'blocks/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            setupFiles: ['tests/unit/setup.ts'],
            testTimeout: UI_TIMEOUT,
            // Both cores for the unit files; the browser files run after them (groupOrder), so Chromium never
            // shares the machine with a unit test's builds and child processes.
            maxWorkers: 2,
            sequence: { groupOrder: 0 },
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['tests/browser/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['tests/browser/global-setup.ts'],
            // One file at a time, against the one production server and Chromium that global-setup.ts starts.
            fileParallelism: false,
            sequence: { groupOrder: 1 },
            // For the tests a file marks concurrent (axe on every route): two pages at a time on two cores.
            maxConcurrency: 2,
            // A test waits for several states, each up to UI_TIMEOUT; a hook may build or install.
            testTimeout: 3 * UI_TIMEOUT,
            hookTimeout: 4 * UI_TIMEOUT,
          },
        },
      ],
    },
  }),
);
