/**
 * The production server's settings, read once from the environment. Every variable is listed in the README's
 * Configuration table; a bad value stops the start with a message that names it and says what it takes.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_SEND_EXPIRY_S } from './enquiries/postgres-delivery.ts';
import { parseTrustProxy, type TrustProxy } from './http/client-address.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Overrides settings.apiHost for the CSP (the build baked the same value into the pages). */
  apiHost: string | undefined;
  logLevel: string;
  trustProxy: TrustProxy;
  /** Worker processes sharing the port; 1 runs the server in this process. */
  workers: number;
  /** How long a page rendered on request, and a blog answer, is fresh. */
  blogCacheMs: number;
  /** The bound of /_image's disk cache (IMAGE_CACHE_MB). */
  imageCacheBytes: number;
  /** Where enquiries are sent; without it they are written as .eml files under DATA_DIR/mail/. */
  smtpUrl: string | undefined;
  /** Overrides settings.contact.email. */
  mailTo: string | undefined;
  /** Overrides no-reply@<the site's host>. */
  mailFrom: string | undefined;
  /** PostgreSQL keeps the enquiries when set (several instances); without it, JSONL files in dataDir. */
  databaseUrl: string | undefined;
  /** With DATABASE_URL: how long a send may run before another instance takes it as lost (ENQUIRY_SEND_EXPIRY_S). */
  enquirySendExpiryS: number;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function integer(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  return value;
}

function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw?.trim()) return undefined;
  const example = 'smtp://user:password@mail.example.com:587 or smtps://user:password@mail.example.com:465';
  if (!URL.canParse(raw.trim()) || !['smtp:', 'smtps:'].includes(new URL(raw.trim()).protocol)) {
    throw new ConfigError(`SMTP_URL must be a URL such as ${example}.`);
  }
  // Without one, the mail library would try this machine's port 587 while visitors read "sent".
  if (!new URL(raw.trim()).hostname) throw new ConfigError(`SMTP_URL names no mail server: write its host name, as in ${example}.`);
  return raw.trim();
}

/** The message never repeats the value: it holds a password. */
export function databaseUrl(raw: string | undefined): string | undefined {
  if (!raw?.trim()) return undefined;
  if (!URL.canParse(raw.trim()) || !['postgres:', 'postgresql:'].includes(new URL(raw.trim()).protocol)) {
    throw new ConfigError('DATABASE_URL must be a URL such as postgresql://user:password@db.example.com:5432/site (its value is not shown here: it holds a password).');
  }
  return raw.trim();
}

function address(name: string, raw: string | undefined): string | undefined {
  if (!raw?.trim()) return undefined;
  if (!/^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/.test(raw.trim())) throw new ConfigError(`${name} must be one e-mail address such as sales@example.com, not "${raw}".`);
  return raw.trim();
}

export function readConfig(env: NodeJS.ProcessEnv, root: string): ServerConfig {
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}".`);
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY ?? '');
  } catch (error) {
    throw new ConfigError(`TRUST_PROXY: ${(error as Error).message}`);
  }
  const concurrency = env.WEB_CONCURRENCY?.trim();
  return {
    port: integer('PORT', env.PORT ?? '4173', 0, 65535),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(root, env.DATA_DIR ?? '.data'),
    apiHost: env.VITE_API_HOST,
    logLevel,
    trustProxy,
    // "auto" (or 0) takes one worker per core.
    workers: concurrency === 'auto' || concurrency === '0' ? availableParallelism() : integer('WEB_CONCURRENCY', concurrency || '1', 1, 64),
    blogCacheMs: integer('BLOG_CACHE_S', env.BLOG_CACHE_S ?? '60', 0, 86_400) * 1000,
    imageCacheBytes: integer('IMAGE_CACHE_MB', env.IMAGE_CACHE_MB ?? '512', 16, 1_048_576) * 1024 * 1024,
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailTo: address('MAIL_TO', env.MAIL_TO),
    mailFrom: address('MAIL_FROM', env.MAIL_FROM),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    enquirySendExpiryS: integer('ENQUIRY_SEND_EXPIRY_S', env.ENQUIRY_SEND_EXPIRY_S ?? String(DEFAULT_SEND_EXPIRY_S), 2, 3600),
  };
}
