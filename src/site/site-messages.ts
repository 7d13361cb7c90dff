/** Messages between the page and the service worker (sw.js), as types. */

/**
 * Query parameter that marks the data host's range probe: sw.js lets it through to the network.
 * Answered from the offline copy (whole files are sliced into ranges) the probe said "range
 * requests work" with the host unreachable.
 */
export const RANGE_PROBE_PARAMETER = 'perch-probe';

/** Page → service worker. */
export type PageToWorkerMessage =
  | { type: 'cache-all-data' }
  /** Tables (catalog names) the page read before this worker controlled it: their files, kept whole. */
  | { type: 'cache-tables'; tables: string[] };

/** Service worker → the page that asked. `done` and `total` are bytes, summed from the catalog. */
export type WorkerToPageMessage =
  | { type: 'cache-progress'; done: number; total: number }
  | { type: 'cache-done'; total: number; failed: string[] }
  | { type: 'cache-error'; message: string };
