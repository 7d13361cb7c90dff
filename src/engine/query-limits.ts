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

/**
 * Bounds checked on the text before DuckDB sees it: DuckDB parses, binds and expands macros
 * before the query's timer can cancel anything, so work there must be small by construction.
 * Measured on the Node engine (DuckDB-WASM 1.32.0, 2 shared cores):
 *  - length is linear: a 109k-character IN list of 20,000 numbers binds and runs in 1.6 s, a
 *    24k one in 0.5 s; tools build at most a few KB (near-town's VALUES list), run_sql takes 20k.
 *  - parentheses: 128 nested `abs(` take 0.2 s and 128 bare parentheses 19 ms, but nested
 *    scalar subqueries explode: `SELECT (SELECT (SELECT … 1))` 12 deep 0.14 s, 16 deep
 *    0.4–0.8 s, 20 deep 1.8 s, 24 deep 21 s, 32 deep did not finish in 5 minutes. The legit
 *    corpus (guard-corpus.test.ts) nests at most 5; 16 leaves room and bounds the worst to ~1 s.
 *  - macro nesting doubles the work per level (DuckDB copies each argument into the body once per
 *    use; distance_km uses lat1 and lat2 twice). `distance_km(distance_km(…(lat,0,0,0)…),0,0,0)`
 *    over 40 rows, depth n → bind + run (getTableNames alone in brackets):
 *    3: 48 ms (7), 4: 97–185 ms, 5: 69–155 ms, 6: 124–157 ms, 7: 203–532 ms, 8: 0.4–0.9 s,
 *    9: 2.0–2.4 s, 10: 4.3–5.4 s (0.3 s), 11: 9–10 s (0.5 s), 12: 16–19 s (1.0–1.3 s),
 *    13: 51–55 s (2–2.5 s), 14: 104–188 s (5–7 s); the red team's 21 would take days.
 *    No tool nests a macro in a macro more than twice (season_of_week(s, date_to_week(d))); at
 *    the cap, a full tree (every argument of every distance_km a distance_km, 3 levels, 85 calls)
 *    takes 0.5 s. Counted over Perch's macros and DuckDB's own (fmod uses both arguments twice).
 */
export const MAX_SQL_CHARS = 100_000;
export const MAX_PAREN_DEPTH = 16;
export const MAX_MACRO_NESTING = 3;
