/**
 * When the primary of WEB_CONCURRENCY workers replaces a worker that stopped unexpectedly, and when it gives up:
 * a worker that keeps stopping has a fault no restart mends, and a primary that restarts it for ever looks alive
 * to a supervisor while serving nothing. Each replacement waits twice as long as the one before (1 s, 2 s, 4 s …
 * at most 30 s, counting the crashes of the last minute); the fifth crash within a minute stops the server.
 */
export const CRASH_WINDOW_MS = 60_000;
export const CRASHES_TO_GIVE_UP = 5;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

export type RestartDecision = { giveUp: false; delayMs: number } | { giveUp: true; crashes: number };

export function createRestartPolicy(now: () => number = Date.now): { afterCrash(): RestartDecision } {
  let crashes: number[] = [];
  return {
    afterCrash() {
      const at = now();
      crashes = [...crashes.filter((t) => at - t < CRASH_WINDOW_MS), at];
      if (crashes.length >= CRASHES_TO_GIVE_UP) return { giveUp: true, crashes: crashes.length };
      return { giveUp: false, delayMs: Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (crashes.length - 1)) };
    },
  };
}
