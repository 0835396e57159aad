/**
 * Two compiled production servers on one real PostgreSQL (a throw-away cluster) and one real SMTP server, with
 * four lanes posting enquiries and fetching pages while the database is restarted (fast, then as in a crash) and
 * has every connection terminated: no server exits, and no acknowledged enquiry is lost or sent twice.
 */
import { expect, it } from 'vitest';
import { UI_TIMEOUT } from '../timeouts.ts';
import { allDelivered, arrivals, enquiryNumberOf, query, sendEnquiry, serversOnPostgres, type CompiledServer } from './compiled-server-fleet.ts';

const env = serversOnPostgres('enquiry-postgres-outage');

it(
  'outlives the database: restarted (fast, then immediate shutdown) and every connection terminated while enquiries are posted, no server exits, pages answer 200 throughout, and every acknowledged enquiry is delivered, none twice but with its one Message-ID',
  async () => {
    const databaseUrl = await env.cluster.createDatabase();
    const sink = await env.mailSink();
    // Sends lost with a connection are tried again once they expire: 10 s, not the default minute.
    const [first, second] = await env.fleet.startTwo(databaseUrl, sink.port, { ENQUIRY_SEND_EXPIRY_S: '10' });
    const acknowledged = new Set<number>();
    const enquiryStatuses = new Map<number, number>();
    const pageStatuses = new Map<string, number>();
    const healthSeen: string[] = [];
    // What a lane met that is neither an answer nor a refusal: a server that stopped answering.
    const failures: string[] = [];
    let traffic = true;
    let next = 0;

    // Each enquiry from a visitor of its own, so the rate limit never answers.
    const visitor = (n: number) => `10.${(n >> 8) & 255}.${n & 255}.1`;
    const postInLoop = async (server: CompiledServer) => {
      while (traffic && failures.length === 0) {
        const n = next++;
        const { status } = await sendEnquiry(server, n, visitor(n));
        enquiryStatuses.set(status, (enquiryStatuses.get(status) ?? 0) + 1);
        if (status === 200) acknowledged.add(n);
        for (const route of ['/', '/about']) {
          const page = await fetch(`${server.base}${route}`);
          await page.arrayBuffer();
          pageStatuses.set(`${page.status}`, (pageStatuses.get(`${page.status}`) ?? 0) + 1);
        }
      }
    };
    const watchHealth = async () => {
      while (traffic && failures.length === 0) {
        const { status } = (await (await fetch(`${first.base}/healthz`)).json()) as { status: string };
        if (healthSeen.at(-1) !== status) healthSeen.push(status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const recordFailure = (error: unknown) => failures.push(error instanceof Error ? `${error.message}: ${String(error.cause)}` : String(error));
    const lanes = [postInLoop(first), postInLoop(second), postInLoop(first), postInLoop(second), watchHealth()].map((lane) => lane.catch(recordFailure));
    const refused = () => enquiryStatuses.get(503) ?? 0;
    /** Waits for `state`, but stops at once when a server stopped answering. */
    const waitFor = async (state: () => boolean, message: string, timeout = UI_TIMEOUT) => {
      const deadline = Date.now() + timeout;
      while (!state()) {
        if (failures.length > 0) throw new Error(`A server stopped answering while waiting until ${message}: ${failures[0]}\n${first.output()}`);
        if (Date.now() > deadline) throw new Error(`Not the case within ${timeout} ms: ${message}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const moreAcknowledged = (message: string) => {
      const before = acknowledged.size;
      return waitFor(() => acknowledged.size > before + 3, message, 2 * UI_TIMEOUT);
    };
    const refusedWhileDown = async (message: string) => {
      const before = refused();
      await waitFor(() => refused() > before, message);
      await waitFor(() => healthSeen.at(-1) === 'degraded', '/healthz says degraded');
    };

    try {
      await moreAcknowledged('enquiries are accepted before the restart');
      await env.cluster.stop('fast');
      await refusedWhileDown('enquiries are refused while the database is down (fast shutdown)');
      await env.cluster.start();
      await moreAcknowledged('enquiries are accepted again after the fast restart');

      const terminated = await query<{ n: number }>(databaseUrl, `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
      expect(terminated[0]!.n).toBeGreaterThan(0);
      await moreAcknowledged('enquiries are accepted after every connection was terminated');

      await env.cluster.stop('immediate');
      await refusedWhileDown('enquiries are refused while the database is down (immediate shutdown)');
      await env.cluster.start();
      await moreAcknowledged('enquiries are accepted again after the immediate restart');
      await waitFor(() => healthSeen.at(-1) === 'ok', '/healthz says ok again');
    } finally {
      traffic = false;
      await Promise.all(lanes);
    }

    expect(failures, 'requests that got no answer').toEqual([]);
    expect([first.child.exitCode, second.child.exitCode], 'no server exited').toEqual([null, null]);
    expect([...enquiryStatuses.keys()].sort(), 'an enquiry is accepted or refused with a 503, nothing else').toEqual([200, 503]);
    expect([...pageStatuses.keys()], 'every page answered 200').toEqual(['200']);

    // Every enquiry the database holds is delivered: those acknowledged, and any whose commit was not.
    const [{ n: stored }] = (await query<{ n: number }>(databaseUrl, `SELECT count(*)::int AS n FROM enquiries.enquiry`)) as [{ n: number }];
    await allDelivered(databaseUrl, stored, 4 * UI_TIMEOUT);
    const counts = arrivals(sink);
    expect(
      [...acknowledged].filter((n) => !counts.has(n)),
      'acknowledged enquiries that never arrived',
    ).toEqual([]);
    // A send that completed while its result could not be saved is sent again, with the same Message-ID.
    const messageIds = new Map<number, Set<string | undefined>>();
    for (const mail of sink.messages) {
      const n = enquiryNumberOf(mail);
      messageIds.set(n, (messageIds.get(n) ?? new Set()).add(mail.headers.get('message-id')?.[0]));
    }
    expect(
      [...messageIds].filter(([, ids]) => ids.size !== 1).map(([n]) => n),
      'enquiries that arrived with more than one Message-ID',
    ).toEqual([]);
  },
  10 * UI_TIMEOUT,
);
