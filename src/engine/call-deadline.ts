import { engineError, type EngineError } from './engine-error';

export type StopCause = 'timeout' | 'cancelled';

/**
 * The one deadline of an engine call. It fires after `timeoutMs` of DuckDB work — parse, bind
 * (`getTableNames`, where macros expand), plan, run and fetch — or at once when the caller's
 * signal aborts. Waiting for a worker and loading catalog tables run with the clock paused
 * (`outsideClock`): that work is bounded by the catalog, kept for later calls, and would
 * otherwise eat a query's budget on a cold page; a Stop still ends the call there immediately.
 */
export class CallDeadline {
  /** Resolves when the call must stop; never rejects. */
  readonly stopped: Promise<void>;
  private stopNow: () => void = () => {};
  private stopCause: StopCause | null = null;
  private remainingMs: number;
  private resumedAt = 0;
  /** The clock runs (not paused in `outsideClock`). */
  private running = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onAbort = () => this.stop('cancelled');

  constructor(
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {
    this.remainingMs = timeoutMs;
    this.stopped = new Promise((resolve) => (this.stopNow = resolve));
    if (signal?.aborted) this.stop('cancelled');
    else signal?.addEventListener('abort', this.onAbort, { once: true });
    this.resume();
  }

  get cause(): StopCause | null {
    return this.stopCause;
  }

  /** `work` with the clock paused; throws the stop's error as soon as the call is stopped. */
  async outsideClock<T>(work: Promise<T>): Promise<T> {
    this.pause();
    try {
      const first = await Promise.race([work.then((value) => ({ value })), this.stopped.then(() => null)]);
      if (first === null) {
        work.catch(() => {}); // left running on purpose: a load finishes and is kept for the next call
        throw this.error();
      }
      return first.value;
    } finally {
      this.resume();
    }
  }

  /**
   * Throws the stop's error when the call was stopped or its time is up. The clock is read here
   * too: work that runs on this thread (the columnar executor) gives the timer no turn to fire.
   */
  throwIfStopped(): void {
    if (this.stopCause === null && this.running && Date.now() - this.resumedAt >= this.remainingMs)
      this.stop('timeout');
    if (this.stopCause !== null) throw this.error();
  }

  /** The EngineError for the stop; `replaced` says the worker had to be replaced to stop it. */
  error(replaced = false): EngineError {
    const how = replaced
      ? ' (DuckDB did not stop, so its worker was replaced; loaded and added tables are reloaded into the new one)'
      : '';
    return this.stopCause === 'cancelled'
      ? engineError('cancelled', `the caller cancelled the query${how}`, 'Run it again when needed')
      : engineError(
          'timeout',
          `the query ran longer than ${this.timeoutMs} ms and was cancelled${how}`,
          'Filter earlier (WHERE on species_code, week), aggregate, or read fewer rows',
        );
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private stop(cause: StopCause): void {
    this.stopCause ??= cause;
    clearTimeout(this.timer);
    this.stopNow();
  }

  private pause(): void {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.timer);
    this.remainingMs -= Date.now() - this.resumedAt;
  }

  private resume(): void {
    if (this.stopCause !== null) return;
    this.running = true;
    this.resumedAt = Date.now();
    this.timer = setTimeout(() => this.stop('timeout'), Math.max(0, this.remainingMs));
  }
}
