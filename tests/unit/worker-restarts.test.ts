// @vitest-environment node
/** The primary's policy for workers that stop unexpectedly: replaced after a doubling delay, given up on the fifth crash within a minute. */
import { expect, it } from 'vitest';
import { CRASH_WINDOW_MS, CRASHES_TO_GIVE_UP, createRestartPolicy } from '../../server/worker-restarts.ts';

it('replaces a crashed worker after 1 s, then 2 s, 4 s, 8 s, and gives up on the fifth crash within a minute', () => {
  let clock = 0;
  const policy = createRestartPolicy(() => clock);
  const decisions = Array.from({ length: CRASHES_TO_GIVE_UP }, () => {
    clock += 1000;
    return policy.afterCrash();
  });
  expect(decisions).toEqual([
    { giveUp: false, delayMs: 1000 },
    { giveUp: false, delayMs: 2000 },
    { giveUp: false, delayMs: 4000 },
    { giveUp: false, delayMs: 8000 },
    { giveUp: true, crashes: 5 },
  ]);
});

it('forgets crashes older than a minute: a worker that crashes once a day is replaced after a second each time', () => {
  let clock = 0;
  const policy = createRestartPolicy(() => clock);
  for (let day = 0; day < 10; day++) {
    clock += 24 * 60 * 60 * 1000;
    expect(policy.afterCrash()).toEqual({ giveUp: false, delayMs: 1000 });
  }
  clock += CRASH_WINDOW_MS - 1;
  expect(policy.afterCrash()).toEqual({ giveUp: false, delayMs: 2000 });
});
