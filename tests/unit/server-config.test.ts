// @vitest-environment node
/** The production server's environment variables: defaults, and a message for each bad value. */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';

describe('readConfig', () => {
  it('has working defaults', () => {
    const config = readConfig({}, '/srv/site');
    expect(config).toMatchObject({ port: 4173, host: '127.0.0.1', dataDir: '/srv/site/.data', logLevel: 'info', workers: 1, blogCacheMs: 60_000, enquirySendExpiryS: 60 });
    expect(config.trustProxy).toEqual({ kind: 'none' });
  });

  it('reads every variable', () => {
    const config = readConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/var/lib/site', LOG_LEVEL: 'warn', WEB_CONCURRENCY: '2', BLOG_CACHE_S: '30', TRUST_PROXY: '1', ENQUIRY_SEND_EXPIRY_S: '90' }, '/srv/site');
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/var/lib/site', logLevel: 'warn', workers: 2, blogCacheMs: 30_000, enquirySendExpiryS: 90, trustProxy: { kind: 'hops', hops: 1 } });
    expect(readConfig({ WEB_CONCURRENCY: 'auto' }, '/').workers).toBeGreaterThanOrEqual(1);
  });

  it.each([
    [{ PORT: 'http' }, 'PORT must be a whole number from 0 to 65535, not "http".'],
    [{ WEB_CONCURRENCY: '-1' }, 'WEB_CONCURRENCY must be a whole number from 1 to 64, not "-1".'],
    [{ BLOG_CACHE_S: '1.5' }, 'BLOG_CACHE_S must be a whole number from 0 to 86400, not "1.5".'],
    [{ ENQUIRY_SEND_EXPIRY_S: '1' }, 'ENQUIRY_SEND_EXPIRY_S must be a whole number from 2 to 3600, not "1".'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud".'],
    [{ TRUST_PROXY: 'yes' }, /^TRUST_PROXY: "yes" is not an IP address/],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL names no mail server: write its host name, as in smtp://user:password@mail.example.com:587'],
    [{ SMTP_URL: 'smtps:///' }, 'SMTP_URL names no mail server'],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig(env, '/')).toThrow(message);
  });

  it('takes a PostgreSQL DATABASE_URL, and refuses another without repeating it (it holds a password)', () => {
    expect(readConfig({ DATABASE_URL: ' postgresql://site:s3cret@db.example.com:5432/site ' }, '/').databaseUrl).toBe('postgresql://site:s3cret@db.example.com:5432/site');
    expect(readConfig({}, '/').databaseUrl).toBeUndefined();
    expect(() => readConfig({ DATABASE_URL: 'mysql://site:s3cret@db.example.com/site' }, '/')).toThrow(/^DATABASE_URL must be a URL such as postgresql:\/\/user:password@/);
    expect(() => readConfig({ DATABASE_URL: 'mysql://site:s3cret@db.example.com/site' }, '/')).not.toThrow(/s3cret/);
  });
});
