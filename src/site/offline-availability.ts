/** What decides whether this page can keep its data offline (sw.js installed by a service worker). */
export interface OfflineSetting {
  /** The page runs on the Vite dev server (import.meta.hot is defined there and only there). */
  devServer: boolean;
  /** window.isSecureContext: browsers offer service workers only over https and on localhost. */
  secureContext: boolean;
  /** 'serviceWorker' in navigator. */
  serviceWorkers: boolean;
}

/** Said only when the browser itself has no service workers, in a secure context off the dev server. */
export const NO_SERVICE_WORKERS =
  'Offline use needs a browser with service workers; this one has them turned off (a private window can do that).';

/**
 * Why "Keep all data offline" cannot work here, or undefined when it can. The dev server builds
 * no sw.js (its URL would answer with index.html), so main.ts registers none there: that, not the
 * browser, is the reason on `npm start`. Over plain http on another host a browser hides
 * `navigator.serviceWorker` altogether, so the address is named before the browser is blamed.
 */
export function offlineUnavailableReason(setting: OfflineSetting): string | undefined {
  if (setting.devServer)
    return 'Offline use is set up by the built site (npm run build && npm run preview); the dev server does not install it.';
  if (!setting.secureContext)
    return 'Offline use needs the page served over https (or from localhost); this address is plain http.';
  if (!setting.serviceWorkers) return NO_SERVICE_WORKERS;
  return undefined;
}
