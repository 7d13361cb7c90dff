import { describe, expect, it } from 'vitest';
import { modelError } from './model-adapter';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, withRetries } from './retry-policy';

const signal = () => new AbortController().signal;
const rateLimited = (retryAfterMs?: number) => ({
  error: modelError('model_rate_limited', 'model_rate_limited: slow down.'),
  retryable: true,
  retryAfterMs,
});

describe('DEFAULT_RETRY_POLICY', () => {
  it('has the expected defaults', () => {
    expect(DEFAULT_RETRY_POLICY).toEqual({ attempts: 4, baseDelayMs: 1_000, maxDelayMs: 20_000 });
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['7', 7_000],
    ['1.5', 1_500],
    ['Mon, 30 Nov 2026 12:00:30 GMT', 30_000],
    ['soon', undefined],
    [null, undefined],
  ])('parseRetryAfter(%s) is %s ms', (value, expected) => {
    expect(parseRetryAfter(value, Date.parse('2026-11-30T12:00:00Z'))).toBe(expected);
  });
});

describe('withRetries', () => {
  it('a wait longer than maxDelayMs ends at once with a message naming the wait', async () => {
    const sleeps: number[] = [];
    const attempt = () => Promise.reject(new Error('429'));
    await expect(
      withRetries(attempt, {
        policy: DEFAULT_RETRY_POLICY,
        signal: signal(),
        sleep: async (ms) => void sleeps.push(ms),
        classify: () => rateLimited(60_000),
        provider: 'Gemini',
      }),
    ).rejects.toEqual(
      modelError(
        'model_rate_limited',
        'model_rate_limited: Gemini asked to wait 60 s before the next request. Wait that long and ask again.',
      ),
    );
    expect(sleeps).toEqual([]);
  });

  it('a non-retryable failure is thrown as classified, after one attempt', async () => {
    let attempts = 0;
    const error = modelError('model_auth', 'model_auth: no.');
    await expect(
      withRetries(
        async () => {
          attempts++;
          throw new Error('x');
        },
        {
          policy: DEFAULT_RETRY_POLICY,
          signal: signal(),
          sleep: async () => {},
          classify: () => ({ error, retryable: false }),
          provider: 'p',
        },
      ),
    ).rejects.toBe(error);
    expect(attempts).toBe(1);
  });
});
