/** Messages between the page and the service worker (sw.js), as types. */

/** Page → service worker. */
export type PageToWorkerMessage = { type: 'cache-all-data' };

/** Service worker → the page that asked. `done` and `total` are bytes, summed from the catalog. */
export type WorkerToPageMessage =
  | { type: 'cache-progress'; done: number; total: number }
  | { type: 'cache-done'; total: number; failed: string[] }
  | { type: 'cache-error'; message: string };
