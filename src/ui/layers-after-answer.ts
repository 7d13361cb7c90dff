import type { MapLayerPayload } from '../payloads';

/**
 * A turn's map layers wait until its answer is on screen. Drawing a weekly layer of 293 cells held
 * the page's main thread ~250 ms in Chromium with SwiftShader (2026-12-03), and the answer's text
 * and turn-end, already in the page's message queue 10 ms behind the layer, waited for it: a later
 * answer showed after 0.8 s although the worker had it after 0.53 s. So a layer is held until the
 * turn ends and one frame has shown the answer, then drawn; in a long turn (a model's several
 * steps) it is drawn after `maxHoldMs` at the latest.
 */
export interface LayerHold {
  /** Holds a layer of `turnId` for drawing. */
  add(turnId: string, payload: MapLayerPayload): void;
  /** The turn ended (answered, failed or stopped): draw what is held once a frame has painted. */
  release(): void;
  /** Draws what is held now (a new turn starts: the last one's layers go first). */
  flush(): void;
  /** Resolves once nothing is held (every layer added so far has been drawn). */
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

export function holdLayersUntilAnswer(
  draw: (turnId: string, payload: MapLayerPayload) => void,
  maxHoldMs: number,
  scheduler: HoldScheduler = browserScheduler,
): LayerHold {
  let held: { turnId: string; payload: MapLayerPayload }[] = [];
  let cancelTimer: (() => void) | undefined;
  let waiting: (() => void)[] = [];
  const flush = () => {
    cancelTimer?.();
    cancelTimer = undefined;
    const layers = held;
    held = [];
    for (const { turnId, payload } of layers) draw(turnId, payload);
    const resolves = waiting;
    waiting = [];
    for (const resolve of resolves) resolve();
  };
  return {
    add(turnId, payload) {
      held.push({ turnId, payload });
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
