import type { CacheMessage, PageToWorkerMessage, WorkerToPageMessage } from './site-messages';

export interface SiteWorker {
  /** Asks sw.js to download every data file; `onMessage` gets its progress. */
  cacheAllData(onMessage: (message: CacheMessage) => void): void;
  /**
   * A table the engine read. On the first visit (no sw.js in control at load) reads went past it
   * (measured: the first six tables, read while the page was already controlled, were not in
   * its cache), so the tables read in that visit are handed to sw.js, which keeps their files.
   */
  noteTableRead(table: string): void;
}

export interface StartServiceWorkerOptions {
  /** The site's sub-path (import.meta.env.BASE_URL): sw.js lives there and controls it. */
  base: string;
  /** Called when a new version activated while this page runs the old one. */
  onUpdate(): void;
  /** First visit: `pending` while tables read are being kept for offline use, `kept` once they are. */
  onFirstVisitCache?(state: 'pending' | 'kept'): void;
  /** sw.js is registered once this settles (the page's first quiet moment, ui/first-quiet.ts). @default at once */
  registerAfter?: Promise<unknown>;
}

/** Table reads come in bursts (a question reads several): one hand-over per burst. */
const HAND_OVER_DELAY_MS = 500;

/**
 * Registers sw.js for the site's sub-path. Undefined where service workers are unavailable
 * (http on a non-local host, some private modes): the page then simply works online only.
 * The update flow: a new sw.js precaches the whole new build, then takes over at once; a page
 * that was already controlled learns it from `controllerchange` and tells its user to reload
 * (update-notice.ts). The first install's takeover is not an update and says nothing.
 */
export function startServiceWorker(options: StartServiceWorkerOptions): SiteWorker | undefined {
  if (!('serviceWorker' in navigator)) return undefined;
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  const firstVisit = !controlled;
  const pending = new Set<string>();
  const handedOver = new Set<string>();
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let jobs = 0;
  /** Listens to the messages of one caching job until its last (done or error). */
  const follow = (job: string, onMessage: (message: CacheMessage) => void) => {
    const listener = (event: MessageEvent) => {
      const message = event.data as WorkerToPageMessage;
      if (message.job !== job) return;
      if (message.type !== 'cache-progress') container.removeEventListener('message', listener);
      onMessage(message);
    };
    container.addEventListener('message', listener);
  };
  const handOver = () => {
    timer = undefined;
    const worker = container.controller;
    if (!worker || inFlight || pending.size === 0) return;
    const tables = [...pending];
    pending.clear();
    for (const table of tables) handedOver.add(table);
    inFlight = true;
    const job = `tables-${++jobs}`;
    follow(job, (message) => {
      if (message.type === 'cache-progress') return;
      inFlight = false;
      if (message.type === 'cache-done' && message.failed.length)
        console.warn(`offline: ${message.failed.join(', ')} could not be kept for offline use.`);
      if (pending.size) handOver();
      else options.onFirstVisitCache?.('kept');
    });
    worker.postMessage({ type: 'cache-tables', job, tables } satisfies PageToWorkerMessage);
  };
  const scheduleHandOver = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(handOver, HAND_OVER_DELAY_MS);
  };
  container.addEventListener('controllerchange', () => {
    if (controlled) return options.onUpdate();
    controlled = true;
    scheduleHandOver();
  });
  // "Keep all data offline" needs sw.js at once, quiet moment or not.
  let registerNow!: () => void;
  const registering = new Promise<void>((resolve) => (registerNow = resolve));
  void (options.registerAfter ?? Promise.resolve()).then(registerNow);
  const registration = registering
    .then(() => container.register(`${options.base}sw.js`, { scope: options.base }))
    .catch((error: unknown) => {
      console.warn(`service_worker_failed: ${String(error)}. Perch works, but not offline.`);
      return undefined;
    });
  return {
    noteTableRead(table) {
      if (!firstVisit || handedOver.has(table) || pending.has(table)) return;
      pending.add(table);
      options.onFirstVisitCache?.('pending');
      if (controlled) scheduleHandOver();
    },
    cacheAllData(onMessage) {
      registerNow();
      void (async () => {
        const active = (await registration) ? (await container.ready).active : null;
        if (!active)
          return onMessage({
            type: 'cache-error',
            message: 'offline_unavailable: the service worker is not running. Reload the page and try again.',
          });
        const job = `all-${++jobs}`;
        follow(job, onMessage);
        active.postMessage({ type: 'cache-all-data', job } satisfies PageToWorkerMessage);
      })();
    },
  };
}
