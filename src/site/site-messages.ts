/** Messages between the page and the service worker (sw.js), as types. */

/**
 * Query parameter that marks the data host's range probe: sw.js lets it through to the network.
 * Answered from the offline copy (whole files are sliced into ranges) the probe said "range
 * requests work" with the host unreachable.
 */
export const RANGE_PROBE_PARAMETER = 'perch-probe';

/**
 * Page → service worker. `job` names the request; every answer to it carries the same `job`, so
 * two jobs at once (the first visit's tables and "Keep all data offline") never read each other's
 * progress: the button's bar once ended on the other job's total.
 */
export type PageToWorkerMessage =
  | { type: 'cache-all-data'; job: string }
  /** Tables (catalog names) the page read before this worker controlled it: their files, kept whole. */
  | { type: 'cache-tables'; job: string; tables: string[] };

/** How a caching job goes. `done` and `total` are bytes, summed from the catalog. */
export type CacheMessage =
  | { type: 'cache-progress'; done: number; total: number }
  | { type: 'cache-done'; total: number; failed: string[] }
  | { type: 'cache-error'; message: string };

/** Service worker → the page that asked: a job's message, with the job's name. */
export type WorkerToPageMessage = CacheMessage & { job: string };
