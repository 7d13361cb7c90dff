import type { QueryLimits } from './types';

/**
 * Defaults when a caller leaves a limit out: small on purpose (a model reading 1,000 rows is
 * already a lot of tokens; a map layer asks for more explicitly).
 */
export const DEFAULT_QUERY_LIMITS = {
  timeoutMs: 5_000,
  maxRows: 1_000,
  maxBytes: 8_000_000,
} as const satisfies QueryLimits;

/**
 * After a cancel, how long to wait for the worker before terminating it. A cancelled pending
 * query stops in 31–46 ms (PLATFORM.md); 500 ms leaves room and keeps "cancelled within 1 s".
 */
export const CANCEL_GRACE_MS = 500;
