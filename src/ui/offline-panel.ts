import type { Catalog } from '../catalog/types';
import type { CacheMessage } from '../site/site-messages';
import { el, formatBytes } from './dom';

export interface OfflinePanel {
  element: HTMLElement;
  setCatalog(catalog: Pick<Catalog, 'tables'>): void;
}

/** Sum of every data file's bytes, the basemap's and prebuilt results' too: what "Keep all data offline" downloads at most. */
export function catalogBytes(catalog: Pick<Catalog, 'tables' | 'basemap' | 'prebuilt'>): number {
  return Object.values(catalog.tables).reduce(
    (sum, table) => sum + table.files.reduce((bytes, file) => bytes + file.bytes, 0),
    (catalog.basemap?.bytes ?? 0) + (catalog.prebuilt?.bytes ?? 0),
  );
}

/** How to start saving every data file, or why it cannot be done here (src/site/offline-availability.ts). */
export type OfflineAccess =
  | { start: (onMessage: (message: CacheMessage) => void) => void }
  | { unavailable: string };

/**
 * "Keep all data offline": shows the total size before anything downloads, then a progress bar
 * fed by the service worker's `cache-progress` messages. Where it cannot work the control says
 * why instead of pretending.
 */
export function createOfflinePanel(access: OfflineAccess): OfflinePanel {
  const start = 'start' in access ? access.start : undefined;
  const button = el('button', { type: 'button', class: 'header-button', disabled: true }, [
    'Keep all data offline',
  ]);
  const bar = el('progress', {
    class: 'offline-progress',
    max: 1,
    value: 0,
    hidden: true,
    'aria-label': 'Saving data for offline use',
  });
  const status = el('span', { class: 'offline-status', role: 'status', 'aria-live': 'polite' });
  const element = el('span', { class: 'offline-panel health-item' }, [button, bar, status]);
  if ('unavailable' in access) status.textContent = access.unavailable;
  button.addEventListener('click', () => {
    if (!start) return;
    button.disabled = true;
    bar.hidden = false;
    start((message) => {
      if (message.type === 'cache-progress') {
        bar.max = Math.max(message.total, 1);
        bar.value = message.done;
        status.textContent = `${formatBytes(message.done)} of ${formatBytes(message.total)}`;
      } else if (message.type === 'cache-done') {
        status.textContent = message.failed.length
          ? `Saved, except ${message.failed.join(', ')}. Try again when online.`
          : `All data saved (${formatBytes(message.total)}): questions work offline.`;
        button.disabled = message.failed.length === 0;
      } else {
        status.textContent = message.message;
        button.disabled = false;
      }
    });
  });
  return {
    element,
    setCatalog(catalog) {
      button.textContent = `Keep all data offline (${formatBytes(catalogBytes(catalog))})`;
      button.disabled = !start;
    },
  };
}
