/** How a deadline-bound run ended. */
export type DeadlineResult<T> =
  | { outcome: 'done'; value: T }
  | { outcome: 'threw'; error: unknown }
  | { outcome: 'timeout' }
  | { outcome: 'cancelled' };

/**
 * Runs `work` with a signal that fires at `timeoutMs` or when `outer` aborts, and returns as
 * soon as either happens, whether or not `work` listens: a handler that ignores its signal
 * cannot hold the caller.
 */
export async function runWithDeadline<T>(
  work: (signal: AbortSignal) => Promise<T> | T,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<DeadlineResult<T>> {
  const controller = new AbortController();
  if (options.signal?.aborted) return { outcome: 'cancelled' };
  let stop: (result: DeadlineResult<T>) => void = () => {};
  const stopped = new Promise<DeadlineResult<T>>((resolve) => (stop = resolve));
  const timer = setTimeout(() => {
    controller.abort(new DOMException('deadline reached', 'TimeoutError'));
    stop({ outcome: 'timeout' });
  }, options.timeoutMs);
  const onOuterAbort = () => {
    controller.abort(new DOMException('cancelled by the user', 'AbortError'));
    stop({ outcome: 'cancelled' });
  };
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const ran = (async (): Promise<DeadlineResult<T>> => {
    try {
      return { outcome: 'done', value: await work(controller.signal) };
    } catch (error) {
      return { outcome: 'threw', error };
    }
  })();
  try {
    return await Promise.race([ran, stopped]);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}
