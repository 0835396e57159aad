/**
 * The studio's settings: its own port and public address, and what it shares with the site's server (HOST,
 * DATA_DIR, DATABASE_URL, TRUST_PROXY, LOG_LEVEL, and SMTP_URL and MAIL_FROM for review mails: read by the same code, so a value means the same in both).
 */
import { ConfigError, integer, readConfig, type ServerConfig } from '../config.ts';

export interface StudioConfig extends Pick<ServerConfig, 'host' | 'dataDir' | 'databaseUrl' | 'trustProxy' | 'logLevel' | 'smtpUrl' | 'mailFrom'> {
  port: number;
  /** STUDIO_ORIGIN, as people reach the studio ("https://studio.example.com"), when not this host and port. */
  origin: string | undefined;
  /** STUDIO_GIT_PUSH ("origin main"): where each publish's commit is pushed; none when unset. */
  push: { remote: string; branch: string } | undefined;
  /** STUDIO_SCHEDULE_CHECK_MS: how often the scheduler looks for due publishes (15 s; tests use less). */
  scheduleCheckMs: number;
}

function push(raw: string | undefined): StudioConfig['push'] {
  if (!raw?.trim()) return undefined;
  const [remote, branch, ...rest] = raw.trim().split(/\s+/);
  if (!remote || !branch || rest.length > 0 || ![remote, branch].every((part) => /^[\w./-]+$/.test(part) && !part.startsWith('-'))) {
    throw new ConfigError(`STUDIO_GIT_PUSH must be a remote and a branch, as in "origin main", not "${raw}".`);
  }
  return { remote, branch };
}

function origin(raw: string | undefined): string | undefined {
  if (!raw?.trim()) return undefined;
  const url = URL.canParse(raw.trim()) ? new URL(raw.trim()) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== raw.trim().replace(/\/$/, '')) {
    throw new ConfigError(`STUDIO_ORIGIN must be an origin such as https://studio.example.com (scheme, host and port only), not "${raw}".`);
  }
  return url.origin;
}

export function readStudioConfig(env: NodeJS.ProcessEnv, root: string): StudioConfig {
  const { host, dataDir, databaseUrl, trustProxy, logLevel, smtpUrl, mailFrom } = readConfig({ ...env, PORT: undefined }, root);
  return {
    host,
    smtpUrl,
    mailFrom,
    dataDir,
    databaseUrl,
    trustProxy,
    logLevel,
    port: integer('STUDIO_PORT', env.STUDIO_PORT ?? '4180', 0, 65535),
    origin: origin(env.STUDIO_ORIGIN),
    push: push(env.STUDIO_GIT_PUSH),
    scheduleCheckMs: integer('STUDIO_SCHEDULE_CHECK_MS', env.STUDIO_SCHEDULE_CHECK_MS ?? '15000', 100, 60_000),
  };
}
