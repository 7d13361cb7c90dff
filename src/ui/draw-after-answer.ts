/**
 * Map drawing waits until the answer being worked out is on screen. Drawing a weekly layer of 293
 * cells held the page's main thread ~250 ms in Chromium with SwiftShader (2026-12-03), and the
 * answer's text and turn-end, already in the page's message queue 10 ms behind the layer, waited
 * for it: a later answer showed after 0.8 s although the worker had it after 0.53 s. The basemap's
 * first frame is worse: 2.5 s of the main thread waiting on SwiftShader (GLES2::ReadPixels in the
 * compositor's commit, Chrome trace of a cold start, 2026-12-04), then 0.3–0.7 s a frame. So what
 * is added is held until the turn ends and one frame has shown the answer, then drawn; in a long
 * turn (a model's several steps) it is drawn after `maxHoldMs` at the latest.
 */
export interface DrawHold<T> {
  /** Holds `item` for drawing. */
  add(item: T): void;
  /** The turn ended (answered, failed or stopped): draw what is held once a frame has painted. */
  release(): void;
  /** Draws what is held now (a new turn starts: the last one's layers go first). */
  flush(): void;
  /** Resolves once nothing is held (everything added so far has been drawn). */
  drawn(): Promise<void>;
}

export interface HoldScheduler {
  afterNextFrame(run: () => void): void;
  after(ms: number, run: () => void): () => void;
}

const browserScheduler: HoldScheduler = {
  // rAF runs before the frame paints; the task it queues runs after it.
  afterNextFrame: (run) => requestAnimationFrame(() => setTimeout(run, 0)),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

export function holdUntilAnswer<T>(
  draw: (item: T) => void,
  maxHoldMs: number,
  scheduler: HoldScheduler = browserScheduler,
): DrawHold<T> {
  let held: T[] = [];
  let cancelTimer: (() => void) | undefined;
  let waiting: (() => void)[] = [];
  const flush = () => {
    cancelTimer?.();
    cancelTimer = undefined;
    const items = held;
    held = [];
    for (const item of items) draw(item);
    const resolves = waiting;
    waiting = [];
    for (const resolve of resolves) resolve();
  };
  return {
    add(item) {
      held.push(item);
      cancelTimer ??= scheduler.after(maxHoldMs, flush);
    },
    release() {
      if (held.length > 0) scheduler.afterNextFrame(flush);
    },
    flush,
    drawn() {
      if (held.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
