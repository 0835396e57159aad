/** A warning said at most once per `everyMs` while a fault lasts (the database away), not once per failed call. */
import type { Logger } from '../logger.ts';

export interface ThrottledWarning {
  (fields: Record<string, unknown>, message: string): void;
  /** The next warning is said whatever the time since the last (a new fault). */
  reset(): void;
}

export function warnEvery(log: Logger, everyMs: number): ThrottledWarning {
  let last = 0;
  const warn = (fields: Record<string, unknown>, message: string) => {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    log.warn(fields, message);
  };
  return Object.assign(warn, { reset: () => void (last = 0) });
}
