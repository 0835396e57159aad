/** The server's logger: one JSON line per event on stdout (pino), at LOG_LEVEL. */
import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** For tests and tools that want no output. */
export const silentLogger: Logger = pino({ level: 'silent' });
