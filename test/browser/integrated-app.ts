import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser-context';
import { serveStatic } from './static-server';

export const ROOT = resolve(import.meta.dirname, '../..');
export const ARTIFACTS = resolve(ROOT, 'test-artifacts');
const BASE = '/perch/';

/** What the built page needs besides the data: any change to these makes a new build. */
const BUILD_INPUTS = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

/**
 * The app as `BASE=/perch/ npm run build` makes it, with the test data copied in as `data/`,
 * built once per content hash into the temp folder so several test files (and reruns with no
 * change) share one build. A build goes to a private folder first and is renamed into place, so
 * two files building at once never serve a half-written folder.
 */
export async function builtApp(dataDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) hashTree(hash, resolve(ROOT, input));
  hashTree(hash, join(dataDir, 'build-fingerprint.json'));
  hash.update(BASE);
  const outDir = join(tmpdir(), `perch-app-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(outDir, 'index.html'))) return outDir;
  removeStaleBuilds();
  const staging = `${outDir}.${process.pid}`;
  // publicDir off: public/data (from npm run data) is not the test data copied in below.
  await build({
    root: ROOT,
    base: BASE,
    configFile: resolve(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    publicDir: false,
    build: { outDir: staging, emptyOutDir: true },
  });
  cpSync(dataDir, join(staging, 'data'), { recursive: true });
  try {
    renameSync(staging, outDir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another file finished the same build first
  }
  return outDir;
}

/** Builds of older sources, untouched for an hour (a build in use by a running file is minutes old). */
function removeStaleBuilds(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('perch-app-')) continue;
    const path = join(tmpdir(), name);
    if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
  }
}

function hashTree(hash: ReturnType<typeof createHash>, path: string): void {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort())
      if (!name.endsWith('.test.ts')) hashTree(hash, join(path, name));
    return;
  }
  hash.update(path);
  hash.update(readFileSync(path));
}

export interface IntegratedApp {
  pageUrl: string;
  context: BrowserContext;
  close(): Promise<void>;
}

/** Built app + static server (range support, sub-path) + Chromium recording long tasks in every page. */
export async function startIntegratedApp(dataDir: string): Promise<IntegratedApp> {
  const outDir = await builtApp(dataDir);
  const { url, server } = await serveStatic(outDir, BASE);
  const context = await launchChromium();
  await context.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    Object.assign(window, { perchLongTasks: tasks });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  return { pageUrl: url, context, close: () => closeAll(context, server) };
}

async function closeAll(context: BrowserContext, server: Server): Promise<void> {
  await context.close();
  server.close();
}

/** A page of the app (at `viewport`, else the context's size) with its page errors collected; resolves once the engine is up (suggestions shown) and the basemap drawn. */
export async function openApp(
  app: IntegratedApp,
  query = '',
  viewport?: { width: number; height: number },
): Promise<{ page: Page; errors: string[] }> {
  const page = await app.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${app.pageUrl}${query}`);
  await page.locator('.suggestion').first().waitFor({ timeout: 120_000 });
  await page.waitForFunction(
    () =>
      performance
        .getEntriesByName('perch:layer-upload')
        .some((entry) => (entry as PerformanceMeasure).detail?.layer === 'basemap'),
    undefined,
    { timeout: 60_000 },
  );
  return { page, errors };
}

/** Types a question into the ask box and submits it. */
export async function ask(page: Page, question: string): Promise<void> {
  await page.locator('#question').fill(question);
  await page.locator('.ask-form button[type=submit]').click();
}

/** Waits until the newest turn card has ended (answer actions or an error shown) and returns it. */
export async function turnEnded(page: Page, timeout = 120_000) {
  const turn = page.locator('.turns .turn').first();
  await turn.locator('.turn-actions:not([hidden]), .turn-error:not([hidden])').first().waitFor({ timeout });
  return turn;
}

/**
 * Resolves once the map has drawn and then drawn nothing for `quietMs` (deck.gl draws only on
 * change), plus two animation frames (PLATFORM.md). After a change, call it with the frame count
 * read before the change so it first waits for that change's frame.
 */
export async function mapSettled(page: Page, framesBefore = 0, quietMs = 400): Promise<void> {
  await page.waitForFunction(
    (before) => Number(document.querySelector<HTMLElement>('.map-view')?.dataset.frames ?? 0) > before,
    framesBefore,
    { timeout: 30_000 },
  );
  let frames = await mapFrameCount(page);
  for (;;) {
    await page.waitForTimeout(quietMs);
    const now = await mapFrameCount(page);
    if (now === frames) break;
    frames = now;
  }
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

export async function mapFrameCount(page: Page): Promise<number> {
  return Number((await page.locator('.map-view').getAttribute('data-frames')) ?? 0);
}

/** Long tasks since `from` (page clock, ms) and the page's layer-upload windows. */
export async function longTasks(
  page: Page,
  from = 0,
): Promise<{
  tasks: { start: number; duration: number }[];
  uploads: { start: number; end: number; layer: string }[];
}> {
  return page.evaluate(
    (since) => ({
      tasks: (
        (window as unknown as { perchLongTasks: { start: number; duration: number }[] }).perchLongTasks ?? []
      ).filter((task) => task.start >= since),
      uploads: performance.getEntriesByName('perch:layer-upload').map((entry) => ({
        start: entry.startTime,
        end: entry.startTime + entry.duration,
        layer: String((entry as PerformanceMeasure).detail?.layer),
      })),
    }),
    from,
  );
}
