import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** Name of the service-worker entry in the build's inputs; emitted as `sw.js` at the root. */
export const SERVICE_WORKER_ENTRY = 'sw';

/**
 * Injects the list of the build's files (and a version hashed from their contents) into the
 * service worker, the way workbox's injectManifest does: any change to any file changes sw.js,
 * so browsers install the new worker, which precaches the whole new shell before it activates.
 */
export function precachePlugin(): Plugin {
  return {
    name: 'perch-precache',
    apply: 'build',
    // After vite:build-html, so index.html is in the bundle: a change to the page alone (its CSP)
    // must change the version too, or browsers would keep serving the old page from the cache.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const worker = Object.values(bundle).find(
        (item) => item.type === 'chunk' && item.name === SERVICE_WORKER_ENTRY,
      );
      if (worker?.type !== 'chunk') return;
      const files = Object.keys(bundle)
        .filter((file) => file !== worker.fileName && !file.endsWith('.map'))
        .sort();
      const hash = createHash('sha256');
      for (const file of files) {
        const item = bundle[file]!;
        hash
          .update(file)
          .update(
            item.type === 'chunk'
              ? item.code
              : typeof item.source === 'string'
                ? item.source
                : Buffer.from(item.source),
          );
      }
      const precache = { version: hash.digest('hex').slice(0, 16), files };
      worker.code = `self.__PRECACHE__ = ${JSON.stringify(precache)};\n${worker.code}`;
    },
  };
}
