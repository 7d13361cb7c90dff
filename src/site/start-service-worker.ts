import type { PageToWorkerMessage, WorkerToPageMessage } from './site-messages';

export interface SiteWorker {
  /** Asks sw.js to download every data file; `onMessage` gets its progress. */
  cacheAllData(onMessage: (message: WorkerToPageMessage) => void): void;
}

export interface StartServiceWorkerOptions {
  /** The site's sub-path (import.meta.env.BASE_URL): sw.js lives there and controls it. */
  base: string;
  /** Called when a new version activated while this page runs the old one. */
  onUpdate(): void;
}

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
  container.addEventListener('controllerchange', () => {
    if (controlled) options.onUpdate();
    controlled = true;
  });
  const registration = container
    .register(`${options.base}sw.js`, { scope: options.base })
    .catch((error: unknown) => {
      console.warn(`service_worker_failed: ${String(error)}. Perch works, but not offline.`);
      return undefined;
    });
  return {
    cacheAllData(onMessage) {
      void (async () => {
        const active = (await registration) ? (await container.ready).active : null;
        if (!active)
          return onMessage({
            type: 'cache-error',
            message: 'offline_unavailable: the service worker is not running. Reload the page and try again.',
          });
        const listener = (event: MessageEvent) => {
          const message = event.data as WorkerToPageMessage;
          onMessage(message);
          if (message.type !== 'cache-progress') container.removeEventListener('message', listener);
        };
        container.addEventListener('message', listener);
        active.postMessage({ type: 'cache-all-data' } satisfies PageToWorkerMessage);
      })();
    },
  };
}
