import './ui/styles.css';
import './ui/site-status.css';
import type { Catalog } from './catalog/types';
import { NO_SERVICE_WORKERS, offlineUnavailableReason } from './site/offline-availability';
import { startServiceWorker } from './site/start-service-worker';
import { el } from './ui/dom';
import { createHealthBanner } from './ui/health-banner';
import { createOfflinePanel } from './ui/offline-panel';
import { createUpdateNotice } from './ui/update-notice';
import { startAgentHost } from './worker/host';

// The page entry: everything heavy runs in the agent worker; the page only renders. The worker
// starts first: its code and the first question's reads are most of the wait for an answer. A
// module's static imports all evaluate before its body, so this one imports only what the worker
// and the site controls need, and the app comes after with import(): while main.ts statically
// imported it, its 1.37 MB (deck.gl, Observable Plot, the UI) downloaded until ~450 ms and
// evaluated until ~840 ms before the worker was created (cold-start trace, 2026-12-05).
// test/integration/entry-chunk.test.ts fails if the entry pulls the UI in again.
const host = startAgentHost();
const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');
const build = import.meta.env.PERCH_BUILD as string;
document.documentElement.dataset.build = build;
const dataUrl = new URL(`${import.meta.env.BASE_URL}data/`, window.location.href).href;

// sw.js exists only in a build; the dev server (the only place with import.meta.hot) would answer
// its URL with index.html. Not import.meta.env.PROD: a build run under vitest (NODE_ENV=test) has
// PROD false, which silently dropped the service worker from the offline tests' builds.
const offlineUnavailable = offlineUnavailableReason({
  devServer: import.meta.hot !== undefined,
  secureContext: window.isSecureContext,
  serviceWorkers: 'serviceWorker' in navigator,
});
// sw.js is registered at the page's first quiet moment (ui/first-quiet.ts), known once the app exists.
let pageQuiet!: () => void;
const quiet = new Promise<void>((resolve) => (pageQuiet = resolve));
const site =
  offlineUnavailable === undefined
    ? startServiceWorker({
        base: import.meta.env.BASE_URL,
        onUpdate: () => health.setAlert('update', createUpdateNotice()),
        // Readable from outside: the offline tests go offline only once the first visit's reads are kept.
        onFirstVisitCache: (state) => {
          document.documentElement.dataset.firstVisitCache = state;
        },
        registerAfter: quiet,
      })
    : undefined;
// startServiceWorker is undefined only without navigator.serviceWorker.
const offline = createOfflinePanel(
  site
    ? { start: (onMessage) => site.cacheAllData(onMessage) }
    : { unavailable: offlineUnavailable ?? NO_SERVICE_WORKERS },
);
const health = createHealthBanner([offline.element]);

// The total is shown before anything downloads; catalog.json is small and the worker reads it too.
fetch(new URL('catalog.json', dataUrl))
  .then((response) => response.json() as Promise<Catalog>)
  .then(
    (catalog) => offline.setCatalog(catalog),
    () => undefined,
  );

import('./ui/create-app').then(
  ({ createApp }) => {
    const app = createApp(root, host, {
      dataUrl,
      pageUrl: window.location.href,
      stores: { local: window.localStorage, session: window.sessionStorage },
      health,
      onTableRead: (table) => site?.noteTableRead(table),
    });
    void app.firstQuiet.then(pageQuiet);
  },
  // A page kept from an older build can ask for a chunk the host no longer has.
  (error: unknown) =>
    root.replaceChildren(
      el('p', { class: 'loading', role: 'alert' }, [
        `Perch did not load (${error instanceof Error ? error.message : String(error)}). Reload the page.`,
      ]),
    ),
);
