/**
 * Perch's service worker: the app works offline after the first visit.
 * - App shell (every file of the build, listed in precache.json by the build): precached at
 *   install into a cache named for the build's version, served cache-first. A new build installs
 *   a new cache completely before it takes over, and the old one is deleted on activation, so a
 *   page never mixes files of two builds.
 * - Data (`data/…`): cached as it is used. The engine reads parquet with Range requests; a 206
 *   answer is kept under its range, a full file under its URL, and offline requests are served
 *   from either. catalog.json is network-first; when it changes, cached data files are dropped.
 * Self-contained on purpose (no imports): it is emitted as one classic script, `sw.js`.
 */
const worker = self as unknown as ServiceWorkerGlobalScope & { __PRECACHE__: { version: string; files: string[] } };

const SHELL_PREFIX = 'perch-shell-';
const DATA_CACHE = 'perch-data';
const scopeUrl = new URL(worker.registration.scope);
// Injected by the build (precache-plugin.ts): a new build changes these bytes, so the browser
// installs the new worker, which precaches the new shell before it takes over.
const PRECACHE = worker.__PRECACHE__;
const SHELL_CACHE = SHELL_PREFIX + PRECACHE.version;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(['./', ...PRECACHE.files].map((file) => new Request(new URL(file, scopeUrl), { cache: 'reload' })));
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const message = event.data as { type?: string } | undefined;
  if (message?.type === 'cache-all-data') event.waitUntil(cacheAllData(event.source as Client | null));
});

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== scopeUrl.origin || !url.pathname.startsWith(scopeUrl.pathname)) return;
  const path = url.pathname.slice(scopeUrl.pathname.length);
  if (path === 'data/catalog.json') event.respondWith(catalogNetworkFirst(event.request));
  else if (path.startsWith('data/')) event.respondWith(dataResponse(event.request));
  else event.respondWith(shellResponse(event.request, path));
});

async function shellResponse(request: Request, path: string): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  // Navigations (any URL with ?q=…) get the cached index.html of this build.
  const key = request.mode === 'navigate' || path === '' || path === 'index.html' ? new URL('./', scopeUrl).href : request;
  const cached = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch {
    return new Response('Perch is offline and this file was never cached.', { status: 503, headers: { 'content-type': 'text/plain' } });
  }
}

async function catalogNetworkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(DATA_CACHE);
  try {
    const response = await fetch(request, { cache: 'no-cache' });
    if (response.ok) {
      const previous = await cache.match(request);
      const fresh = response.clone();
      if (previous && (await previous.text()) !== (await fresh.clone().text())) await dropDataFiles(cache);
      await cache.put(request, fresh);
    }
    return response;
  } catch {
    return (await cache.match(request)) ?? offlineError('the data catalog');
  }
}

async function dataResponse(request: Request): Promise<Response> {
  const cache = await caches.open(DATA_CACHE);
  const range = parseRange(request.headers.get('range'));
  const full = await cache.match(request.url);
  if (full) return range ? sliceResponse(full, range) : full;
  const rangeKey = range ? `${request.url}#bytes=${range.start}-${range.end}` : undefined;
  const partial = rangeKey ? await cache.match(rangeKey) : undefined;
  if (partial) return withStatus(partial, 206, range!);
  try {
    const response = await fetch(request);
    if (response.status === 200) await cache.put(request.url, response.clone());
    else if (response.status === 206 && rangeKey) await cache.put(rangeKey, new Response(await response.clone().arrayBuffer(), { headers: response.headers }));
    return response;
  } catch {
    return offlineError(new URL(request.url).pathname);
  }
}

/** Downloads every data file the catalog lists (the "keep all data offline" button). */
async function cacheAllData(client: Client | null): Promise<void> {
  const cache = await caches.open(DATA_CACHE);
  const catalogUrl = new URL('data/catalog.json', scopeUrl);
  const catalog = (await (await fetch(catalogUrl)).json()) as { tables: Record<string, { files: { path: string; bytes: number }[] }> };
  const files = Object.values(catalog.tables).flatMap((table) => table.files);
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  let done = 0;
  for (const file of files) {
    const url = new URL(file.path, new URL('data/', scopeUrl)).href;
    if (!(await cache.match(url))) {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    }
    done += file.bytes;
    client?.postMessage({ type: 'cache-progress', done, total });
  }
}

async function dropDataFiles(cache: Cache): Promise<void> {
  for (const request of await cache.keys()) if (!request.url.endsWith('/data/catalog.json')) await cache.delete(request);
}

function parseRange(header: string | null): { start: number; end: number } | undefined {
  const match = header ? /^bytes=(\d+)-(\d+)$/.exec(header) : null;
  return match ? { start: Number(match[1]), end: Number(match[2]) } : undefined;
}

async function sliceResponse(full: Response, range: { start: number; end: number }): Promise<Response> {
  const bytes = await full.arrayBuffer();
  const end = Math.min(range.end, bytes.byteLength - 1);
  return new Response(bytes.slice(range.start, end + 1), {
    status: 206,
    headers: { 'content-type': 'application/octet-stream', 'content-range': `bytes ${range.start}-${end}/${bytes.byteLength}`, 'accept-ranges': 'bytes' },
  });
}

async function withStatus(response: Response, status: number, range: { start: number; end: number }): Promise<Response> {
  const bytes = await response.arrayBuffer();
  return new Response(bytes, { status, headers: { 'content-type': 'application/octet-stream', 'content-range': `bytes ${range.start}-${range.start + bytes.byteLength - 1}/*` } });
}

function offlineError(what: string): Response {
  return new Response(`offline: ${what} is not cached yet. Connect once, or use "Keep all data offline".`, { status: 503, headers: { 'content-type': 'text/plain' } });
}

export {};
