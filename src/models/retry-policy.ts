import { type ModelError, modelError } from './model-adapter';

export interface RetryPolicy {
  /** Requests in all, the first included. @default 4 */
  attempts: number;
  /** Wait before the first retry when the server names none; doubles each time. @default 1000 */
  baseDelayMs: number;
  /**
   * Longest wait Perch will sit through. A Retry-After beyond it ends the retries at once with
   * a message naming the wait, since the visitor is watching a spinner. @default 20000
   */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY = {
  attempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 20_000,
} as const satisfies RetryPolicy;

/** A failed request, classified: whether another attempt may help, and after how long. */
export interface RequestFailure {
  error: ModelError;
  retryable: boolean;
  /** The server's own wait (Retry-After header or Gemini's RetryInfo), in ms. */
  retryAfterMs?: number;
}

export interface RetryOptions {
  policy: RetryPolicy;
  signal: AbortSignal;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  classify: (error: unknown) => RequestFailure;
  /** Provider name for messages ("Gemini", "the OpenAI-compatible server"). */
  provider: string;
}

/**
 * Runs `attempt` until it succeeds, fails in a way retrying cannot fix, or the policy runs
 * out; then throws a `ModelError`. No jitter: one visitor's worker sends one request at a time,
 * so there is no herd to spread, and tests can assert exact waits.
 */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { policy, signal } = options;
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal.aborted) throw cancelled(options.provider);
      const failure = options.classify(error);
      if (!failure.retryable) throw failure.error;
      const delay =
        failure.retryAfterMs ?? Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (tried - 1));
      if (delay > policy.maxDelayMs) {
        throw modelError(
          failure.error.code,
          `${failure.error.code}: ${options.provider} asked to wait ${Math.ceil(delay / 1000)} s before the next request. Wait that long and ask again.`,
        );
      }
      if (tried >= policy.attempts) {
        throw modelError(
          failure.error.code,
          `${failure.error.code}: ${options.provider} still failed after ${tried} attempts (${failure.error.message}). Wait a minute and ask again.`,
        );
      }
      try {
        await options.sleep(delay, signal);
      } catch {
        throw cancelled(options.provider);
      }
    }
  }
}

export function cancelled(provider: string): ModelError {
  return modelError(
    'model_cancelled',
    `model_cancelled: the request to ${provider} was stopped. Ask again when ready.`,
  );
}

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). Returns ms, or
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A sleep that ends early (rejecting) when `signal` aborts, so Stop is not held by a backoff. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
