/**
 * Failed sign-ins slow the next attempt down, per account and per address: after 5 failures an account waits
 * 30 seconds, doubling with each further failure up to 15 minutes; an address (trying many accounts) the same
 * after 20. A success clears the account's count. Counts are forgotten a day after the last failure.
 */
const ACCOUNT_FREE_TRIES = 5;
const ADDRESS_FREE_TRIES = 20;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;

interface Failures {
  count: number;
  last: number;
}

export function createSignInThrottle(now: () => number = Date.now) {
  const accounts = new Map<string, Failures>();
  const addresses = new Map<string, Failures>();
  const waitOf = (failures: Failures | undefined, freeTries: number, at: number): number => {
    if (!failures || failures.count < freeTries || at - failures.last > FORGET_AFTER_MS) return 0;
    const wait = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures.count - freeTries));
    return Math.max(0, failures.last + wait - at);
  };
  const count = (map: Map<string, Failures>, key: string, at: number) => {
    const before = map.get(key);
    map.set(key, { count: before && at - before.last <= FORGET_AFTER_MS ? before.count + 1 : 1, last: at });
  };
  return {
    /** How long (ms) this account or address must wait before it may try again; 0 when it may now. */
    waitMs(email: string, address: string): number {
      const at = now();
      return Math.max(waitOf(accounts.get(email), ACCOUNT_FREE_TRIES, at), waitOf(addresses.get(address), ADDRESS_FREE_TRIES, at));
    },
    failed(email: string, address: string): void {
      const at = now();
      count(accounts, email, at);
      count(addresses, address, at);
    },
    succeeded(email: string): void {
      accounts.delete(email);
    },
  };
}
