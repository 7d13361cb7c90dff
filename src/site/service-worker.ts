/**
 * Perch's service worker: the app works offline after the first visit.
 * - App shell (every file of the build, index.html included, listed by precache-plugin.ts):
 *   precached at install into a cache named for the build's version, served cache-first. A new
 *   build installs its whole shell before it activates; a failed download fails the install and
 *   the old version stays. Navigations get this build's index.html, whose hashed asset names
 *   point only into the same cache, so a page never mixes files of two builds.
 * - The cache of the version before is kept (and only that one): a page still open on the old
 *   version may load an old hashed chunk late. The page tells its user to reload (site-update.ts).
 * - Data (`data/…`): cached as it is used. The engine reads parquet with Range requests; a 206
 *   answer is kept per range, a whole file per URL, and offline requests are served from either.
 *   catalog.json is network-first; when it changes, every cached data file is dropped.
 * Bundled into one classic script, `sw.js`: imports here must be used by nothing else.
 */
import { parseRange, rangeKey, sliceAnswer, storedRangeAnswer } from './data-cache-keys';
import {
  type CacheMessage,
  RANGE_PROBE_PARAMETER,
  type PageToWorkerMessage,
  type WorkerToPageMessage,
} from './site-messages';

const worker = self as unknown as ServiceWorkerGlobalScope & {
  __PRECACHE__: { version: string; files: string[] };
};

const SHELL_PREFIX = 'perch-shell-';
const DATA_CACHE = 'perch-data';
const RANGE_CACHE = 'perch-data-ranges';
const scopeUrl = new URL(worker.registration.scope);
// Injected by the build (precache-plugin.ts): a new build changes these bytes, so the browser
// installs the new worker, which precaches the new shell before it takes over.
const PRECACHE = worker.__PRECACHE__;
const SHELL_CACHE = SHELL_PREFIX + PRECACHE.version;
const INDEX_URL = new URL('index.html', scopeUrl).href;
const CATALOG_URL = new URL('data/catalog.json', scopeUrl).href;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // `reload` skips the HTTP cache: a stale copy of a file would mix two builds.
      await cache.addAll(
        PRECACHE.files.map((file) => new Request(new URL(file, scopeUrl), { cache: 'reload' })),
      );
      // The page's first catalog read happens before this worker controls it; without this copy
      // the first offline visit could not even list the tables. Best effort: data may live elsewhere.
      // The basemap and the prebuilt results are read at that first load too (before this worker
      // controls the page), so they are kept here as well: without the basemap an offline reload
      // drew no map and said so.
      await cacheCatalogAndEveryLoadFiles().catch(() => undefined);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // CacheStorage.keys() lists caches in creation order, so the last old one is the version before.
      const old = (await caches.keys()).filter(
        (name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE,
      );
      await Promise.all(old.slice(0, -1).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const message = event.data as PageToWorkerMessage | undefined;
  const client = event.source as Client | null;
  if (message?.type === 'cache-all-data' || message?.type === 'cache-tables') {
    const only = message.type === 'cache-tables' ? new Set(message.tables) : undefined;
    const answer = (cacheMessage: CacheMessage) =>
      client?.postMessage({ ...cacheMessage, job: message.job } satisfies WorkerToPageMessage);
    event.waitUntil(
      cacheAllData(answer, only).catch((error: unknown) =>
        answer({
          type: 'cache-error',
          message: `offline_cache_failed: ${String(error)}. Check the connection and try again.`,
        }),
      ),
    );
  }
});

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method !== 'GET' ||
    url.origin !== scopeUrl.origin ||
    !url.pathname.startsWith(scopeUrl.pathname) ||
    url.searchParams.has(RANGE_PROBE_PARAMETER)
  )
    return;
  const path = url.pathname.slice(scopeUrl.pathname.length);
  if (path === 'data/catalog.json') event.respondWith(catalogNetworkFirst(event.request));
  else if (path.startsWith('data/')) event.respondWith(dataResponse(event.request));
  else event.respondWith(shellResponse(event.request));
});

async function shellResponse(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  // Navigations (any URL with ?q=…) get this build's index.html.
  if (request.mode === 'navigate') {
    const page = await cache.match(INDEX_URL);
    if (page) return page;
  }
  // Then the version before (a page still open on it), then the network.
  const cached =
    (await cache.match(request, { ignoreVary: true })) ?? (await caches.match(request, { ignoreVary: true }));
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch {
    return offlineError(new URL(request.url).pathname);
  }
}

/** Files beside catalog.json that every load reads (the basemap, the prebuilt results). */
interface EveryLoadFiles {
  basemap?: { path: string; bytes: number };
  prebuilt?: { path: string; bytes: number };
}
const everyLoadFiles = (catalog: EveryLoadFiles) =>
  [catalog.basemap, catalog.prebuilt].filter((file) => file !== undefined);

async function cacheCatalogAndEveryLoadFiles(): Promise<void> {
  const catalog = (await (await catalogNetworkFirst(new Request(CATALOG_URL))).json()) as EveryLoadFiles;
  const cache = await caches.open(DATA_CACHE);
  for (const file of everyLoadFiles(catalog)) {
    const url = new URL(file.path, new URL('data/', scopeUrl)).href;
    const response = await fetch(url);
    if (response.status === 200) await cache.put(url, response);
  }
}

async function catalogNetworkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(DATA_CACHE);
  try {
    const response = await fetch(request, { cache: 'no-cache' });
    if (response.ok) {
      const previous = await cache.match(request.url);
      const text = await response.clone().text();
      const changed = !previous || (await previous.text()) !== text;
      if (previous && changed) await dropDataFiles();
      // Unchanged (every later visit): no write, which the page's first data read waited for.
      if (changed) await cache.put(request.url, response.clone());
    }
    return response;
  } catch {
    return (await cache.match(request.url)) ?? offlineError('the data catalog');
  }
}

async function dataResponse(request: Request): Promise<Response> {
  const range = parseRange(request.headers.get('range'));
  const full = await (await caches.open(DATA_CACHE)).match(request.url);
  if (full)
    return range
      ? sliceAnswer(await full.blob(), range, full.headers.get('content-type') ?? 'application/octet-stream')
      : full;
  const ranges = await caches.open(RANGE_CACHE);
  if (range) {
    const slice = await ranges.match(rangeKey(request.url, range));
    if (slice) return storedRangeAnswer(await slice.blob(), slice.headers);
  }
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    // A network error, not a made-up 503: the engine and the range probe then report "offline",
    // not "the host refuses ranges".
    return Response.error();
  }
  if (response.status === 200) await (await caches.open(DATA_CACHE)).put(request.url, response.clone());
  else if (response.status === 206 && range)
    await ranges.put(
      rangeKey(request.url, range),
      new Response(await response.clone().arrayBuffer(), { headers: response.headers }),
    );
  return response;
}

/**
 * Downloads every data file the catalog lists (the "Keep all data offline" button), or only the
 * files of `only` (tables the page read on its first visit before this worker controlled it:
 * those reads bypassed the cache, so without this an offline reload could not answer again).
 */
async function cacheAllData(
  post: (message: CacheMessage) => void,
  only?: ReadonlySet<string>,
): Promise<void> {
  const cache = await caches.open(DATA_CACHE);
  const dataUrl = new URL('data/', scopeUrl);
  const catalog = (await (await catalogNetworkFirst(new Request(CATALOG_URL))).json()) as EveryLoadFiles & {
    tables: Record<string, { files: { path: string; bytes: number }[] }>;
  };
  // The basemap and prebuilt results are fetched on every load (so cached after the first visit) and listed here too.
  const files = [
    ...Object.entries(catalog.tables)
      .filter(([name]) => !only || only.has(name))
      .flatMap(([, table]) => table.files),
    ...everyLoadFiles(catalog),
  ];
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  const failed: string[] = [];
  let done = 0;
  post({ type: 'cache-progress', done, total });
  for (const file of files) {
    const url = new URL(file.path, dataUrl).href;
    if (!(await cache.match(url))) {
      const response = await fetch(url).catch(() => undefined);
      if (response?.status === 200) await cache.put(url, response);
      else failed.push(file.path);
    }
    done += file.bytes;
    post({ type: 'cache-progress', done, total });
  }
  post({ type: 'cache-done', total, failed });
}

async function dropDataFiles(): Promise<void> {
  await caches.delete(RANGE_CACHE);
  const cache = await caches.open(DATA_CACHE);
  for (const request of await cache.keys())
    if (!request.url.endsWith('/data/catalog.json')) await cache.delete(request);
}

function offlineError(what: string): Response {
  return new Response(`offline: ${what} is not cached yet. Connect once, or use "Keep all data offline".`, {
    status: 503,
    headers: { 'content-type': 'text/plain' },
  });
}
