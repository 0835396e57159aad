/**
 * DATABASE_URL holds a password: what may be said of it (host, port, database) and a filter that takes the URL,
 * its user's password and their encoded forms out of any text before it reaches a log line or an answer.
 */
export interface DatabaseUrl {
  /** "PostgreSQL at db.example.com:5432/site". */
  describe(): string;
  redact(text: string): string;
}

export function parseDatabaseUrl(raw: string): DatabaseUrl {
  const url = new URL(raw);
  const password = decodeURIComponent(url.password);
  const secrets = [raw, url.href, url.password, password].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  const database = url.pathname.replace(/^\//, '') || '(the default database)';
  return {
    describe: () => `PostgreSQL at ${url.hostname || 'the local socket'}${url.port ? `:${url.port}` : ''}/${decodeURIComponent(database)}`,
    redact: (text) => secrets.reduce((out, secret) => out.split(secret).join('[hidden]'), text),
  };
}
