import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { serveStatic } from './static-server';

const ROOT = resolve(import.meta.dirname, '../..');
export const BASE = '/perch/';

/**
 * `vite build` of the real page for the sub-path BASE into a temp folder, with the data folder
 * linked in as `data/`. `buildId` is injected as PERCH_BUILD (page and worker both carry it).
 */
export async function buildSite(buildId: string, dataDir: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), `perch-site-${buildId}-`));
  // publicDir off: public/data (from npm run data) would collide with the test data linked in.
  await build({
    root: ROOT,
    base: BASE,
    configFile: resolve(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    publicDir: false,
    define: { 'import.meta.env.PERCH_BUILD': JSON.stringify(buildId) },
    build: { outDir, emptyOutDir: true },
  });
  symlinkSync(dataDir, join(outDir, 'data'));
  return outDir;
}

/** Serves one build folder at a time: `swap` points the same URL at another build, as a redeploy does. */
export async function serveSwappable(
  first: string,
): Promise<{ url: string; server: Server; swap(folder: string): void; stop(): void }> {
  const link = join(mkdtempSync(join(tmpdir(), 'perch-served-')), 'site');
  symlinkSync(first, link);
  const { url, server } = await serveStatic(link, BASE);
  return {
    url,
    server,
    swap(folder) {
      rmSync(link);
      symlinkSync(folder, link);
    },
    stop() {
      server.close();
      server.closeAllConnections();
    },
  };
}

/** Resolves once sw.js controls the page (after the first install's clients.claim()). */
export function serviceWorkerControls(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return true;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
    return navigator.serviceWorker.controller !== null;
  });
}

/** The selector that appears when a turn ended, with an answer or an error. */
export const TURN_DONE = '.turn-actions:not([hidden]), .turn-error:not([hidden])';
