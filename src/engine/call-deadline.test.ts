import { describe, expect, it } from 'vitest';
import { CallDeadline } from './call-deadline';

/** Blocks this thread for `ms`: work that gives no timer a turn, as the columnar executor's steps. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe('CallDeadline', () => {
  it('a check after blocking work past the deadline stops the call with timeout, though no timer ran', () => {
    const deadline = new CallDeadline(30);
    busy(40);
    expect(() => deadline.throwIfStopped()).toThrow(/^timeout: the query ran longer than 30 ms/);
    expect(deadline.cause).toBe('timeout');
    deadline.dispose();
  });

  it('time spent outside the clock does not count; the time before and after it does', async () => {
    const deadline = new CallDeadline(60);
    busy(35);
    await deadline.outsideClock(new Promise((resolve) => setTimeout(resolve, 80)));
    expect(() => deadline.throwIfStopped()).not.toThrow();
    busy(35);
    expect(() => deadline.throwIfStopped()).toThrow(/^timeout/);
    deadline.dispose();
  });

  it('an abort of the caller’s signal stops the call with cancelled', async () => {
    const controller = new AbortController();
    const deadline = new CallDeadline(10_000, controller.signal);
    controller.abort();
    await deadline.stopped;
    expect(() => deadline.throwIfStopped()).toThrow(/^cancelled/);
    deadline.dispose();
  });
});
