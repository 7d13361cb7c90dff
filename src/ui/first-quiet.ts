/**
 * When the page first has nothing urgent to do: the first stretch of `idleMs` with its data open
 * and no question running. The service worker waits for it: on a first visit its install
 * downloads the whole build (the 34 MB wasm among it) beside DuckDB's own download and compile, and
 * a question asked at once was shown 0.8 s later with it than without (cold starts in Chromium
 * here, 4.1–4.6 s against 3.3–3.5 s, 2026-12-04); installed right after the first answer, it
 * slowed the follow-ups asked next (later answers 230 ms median against 164 ms).
 */
export interface FirstQuiet {
  /** Resolves once, at the first quiet moment. */
  readonly reached: Promise<void>;
  /** The page is up (its data opened): the idle clock starts. */
  opened(): void;
  turnStarted(): void;
  /** A turn ended: the idle clock starts again. */
  turnEnded(): void;
}

export interface IdleTimer {
  start(ms: number, run: () => void): () => void;
}

const WINDOW_TIMER: IdleTimer = {
  start(ms, run) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

export function firstQuiet(idleMs: number, timer: IdleTimer = WINDOW_TIMER): FirstQuiet {
  let resolve!: () => void;
  const reached = new Promise<void>((done) => (resolve = done));
  let opened = false;
  // A question asked before the data opened is still running when it opens (cold starts on
  // 2026-12-05: asked at 1.9 s, data open at 2.5 s): the clock then waits for its answer, or the
  // install ran beside the first answer (12.4 s instead of 3 s).
  let running = false;
  let cancel: (() => void) | undefined;
  const stop = () => {
    cancel?.();
    cancel = undefined;
  };
  const restart = () => {
    stop();
    if (opened && !running) cancel = timer.start(idleMs, resolve);
  };
  return {
    reached,
    opened() {
      opened = true;
      restart();
    },
    turnStarted() {
      running = true;
      stop();
    },
    turnEnded() {
      running = false;
      restart();
    },
  };
}
