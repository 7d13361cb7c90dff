import { describe, expect, it } from 'vitest';
import { firstQuiet, type IdleTimer } from './first-quiet';

/** A timer the test fires by hand; it records what is pending. */
function manualTimer() {
  let pending: { ms: number; run: () => void } | undefined;
  const timer: IdleTimer = {
    start(ms, run) {
      const entry = { ms, run };
      pending = entry;
      return () => {
        if (pending === entry) pending = undefined;
      };
    },
  };
  return { timer, pending: () => pending?.ms, fire: () => pending?.run() };
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('firstQuiet', () => {
  it('no question: quiet once the data has been open the idle time', async () => {
    const clock = manualTimer();
    const quiet = firstQuiet(3_000, clock.timer);
    expect(clock.pending()).toBeUndefined(); // nothing counts before the data opened
    quiet.opened();
    expect(clock.pending()).toBe(3_000);
    expect(await settled(quiet.reached)).toBe(false);
    clock.fire();
    expect(await settled(quiet.reached)).toBe(true);
  });

  it('a question asked at once stops the clock; its answer starts it again', async () => {
    const clock = manualTimer();
    const quiet = firstQuiet(3_000, clock.timer);
    quiet.turnStarted();
    quiet.opened();
    quiet.turnStarted();
    expect(clock.pending()).toBeUndefined();
    quiet.turnEnded();
    expect(await settled(quiet.reached)).toBe(false); // follow-ups may come at once
    expect(clock.pending()).toBe(3_000);
    clock.fire();
    expect(await settled(quiet.reached)).toBe(true);
  });

  it('a question asked before the data opened keeps the clock stopped until its answer', async () => {
    const clock = manualTimer();
    const quiet = firstQuiet(3_000, clock.timer);
    quiet.turnStarted();
    quiet.opened(); // the data opens while the first question runs
    expect(clock.pending()).toBeUndefined();
    quiet.turnEnded();
    expect(clock.pending()).toBe(3_000);
    clock.fire();
    expect(await settled(quiet.reached)).toBe(true);
  });

  it('a follow-up asked within the idle time puts the quiet moment after its answer', async () => {
    const clock = manualTimer();
    const quiet = firstQuiet(3_000, clock.timer);
    quiet.opened();
    quiet.turnStarted();
    quiet.turnEnded();
    quiet.turnStarted(); // before the idle time passed
    expect(clock.pending()).toBeUndefined();
    expect(await settled(quiet.reached)).toBe(false);
    quiet.turnEnded();
    clock.fire();
    expect(await settled(quiet.reached)).toBe(true);
  });
});
