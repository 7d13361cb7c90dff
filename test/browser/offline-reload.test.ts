import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { browserAvailability, launchChromium } from './browser-context';
import { readPublicQuestions } from '../helpers/public-questions';
import { buildSite, serveSwappable, serviceWorkerControls, TURN_DONE } from './offline-site-build';
import { formatFigure } from '../../src/models/offline/format-figure';

const ROOT = resolve(import.meta.dirname, '../..');
const ARTIFACTS = resolve(ROOT, 'test-artifacts');
const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir)
  console.warn(
    'offline-reload skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).',
  );
// Read only when the test can run (it also needs the data), so a clone without ../shared loads this file.
const questions = (
  availability.run && dataDir ? (readPublicQuestions('offline-reload')?.questions ?? []) : []
) as { question: string; figures: Record<string, unknown> }[];
const question1 = questions[0] as { question: string; figures: { peak_week: string; peak_mean: number } };

/** The built site from /perch/: visited once online, then with no network and no server at all. */
describe.skipIf(!availability.run || !dataDir || !question1)('offline after the first visit (sw.js)', () => {
  let context: BrowserContext;
  let site: Awaited<ReturnType<typeof serveSwappable>>;
  let folder: string;

  beforeAll(async () => {
    folder = await buildSite('offline-1', dataDir!);
    site = await serveSwappable(folder);
    context = await launchChromium();
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await context?.close();
    site?.stop();
  });

  it('public question 1 asked by share link online is answered again offline after a reload, with the reference figures', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const shareLink = `${site.url}?q=${encodeURIComponent(question1.question)}&model=offline`;
    await page.goto(shareLink);
    expect(await serviceWorkerControls(page)).toBe(true);
    await page.locator(TURN_DONE).first().waitFor({ timeout: 60_000 });
    const online = (await page.locator('.turn .answer').first().textContent()) ?? '';
    expect(online).toContain(formatFigure(question1.figures.peak_mean));
    expect(await page.locator('[data-health=range]').textContent()).toContain('range requests work');
    expect(await page.locator('[data-health=release]').textContent()).toContain(
      'eBird S&T release 2022, 2023',
    );
    // The first visit's reads went past sw.js; the page hands their tables over and sw.js keeps their files.
    await page.waitForSelector('html[data-first-visit-cache=kept]', { timeout: 60_000 });

    await context.setOffline(true);
    site.stop();
    const served: string[] = [];
    context.on('requestfinished', (request) => served.push(request.url()));
    await page.reload();
    await page.locator(TURN_DONE).first().waitFor({ timeout: 60_000 });
    expect(await page.locator('.turn-error:not([hidden])').allTextContents()).toEqual([]);
    const offline = (await page.locator('.turn .answer').first().textContent()) ?? '';
    expect(offline).toContain(formatFigure(question1.figures.peak_mean));
    expect(offline).toContain(question1.figures.peak_week);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    // Everything the offline page got came from sw.js: the data files among them.
    expect(served.some((url) => url.includes('/perch/data/weekly/'))).toBe(true);
    expect(await page.locator('[data-health=range]').textContent()).toContain('not reachable now');
    await page.screenshot({ path: resolve(ARTIFACTS, 'offline-reload-q1.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offline, choosing Gemini says it needs the network, and one click goes back to the offline model, which answers', async () => {
    const page = await context.newPage();
    await page.goto(site.url);
    await page.locator('[data-health=release]').filter({ hasText: 'release' }).waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      localStorage.setItem(
        'perch.settings',
        JSON.stringify({ kind: 'gemini', geminiModel: 'gemini-2.5-flash', remember: true }),
      );
      localStorage.setItem('perch.keys', JSON.stringify({ gemini: 'test-key-not-real', openai: '' }));
    });
    await page.reload();
    await page.locator('[data-health=release]').filter({ hasText: 'release' }).waitFor({ timeout: 60_000 });
    await page.locator('#question').fill(question1.question);
    await page.locator('#question').press('Enter');
    const notice = page.locator('[data-alert=network]');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain('Gemini needs the network');
    expect(await notice.textContent()).toContain('The offline model still works');
    await page.screenshot({ path: resolve(ARTIFACTS, 'offline-network-notice.png') });
    await notice.getByRole('button', { name: 'Use the offline model' }).click();
    await page.locator('#question').fill(question1.question);
    await page.locator('#question').press('Enter');
    await page
      .locator('.turn .answer')
      .filter({ hasText: formatFigure(question1.figures.peak_mean) })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.close();
  });

  it('"Keep all data offline" shows the total first, fills its progress bar, and then a question on tables never read before is answered offline', async () => {
    const fresh = await serveSwappable(folder);
    const freshContext = await launchChromium();
    try {
      const page = await freshContext.newPage();
      await page.goto(fresh.url);
      expect(await serviceWorkerControls(page)).toBe(true);
      const button = page.locator('.offline-panel button');
      await button.filter({ hasText: /\(\d+\.\d MB\)/ }).waitFor({ timeout: 30_000 });
      const totalBytes = catalogTotal(JSON.parse(readFileSync(resolve(dataDir!, 'catalog.json'), 'utf8')));
      expect(await button.textContent()).toBe(
        `Keep all data offline (${(totalBytes / 1024 ** 2).toFixed(1)} MB)`,
      );
      await button.click();
      await page
        .locator('.offline-status')
        .filter({ hasText: 'All data saved' })
        .waitFor({ timeout: 60_000 });
      const bar = await page.locator('.offline-progress').evaluate((element) => ({
        value: (element as HTMLProgressElement).value,
        max: (element as HTMLProgressElement).max,
      }));
      expect(bar).toEqual({ value: totalBytes, max: totalBytes });
      await page.screenshot({ path: resolve(ARTIFACTS, 'offline-keep-all.png') });

      await freshContext.setOffline(true);
      fresh.stop();
      const trend = questions.find((question) => /increasing or decreasing/.test(question.question))!;
      await page.goto(`${fresh.url}?q=${encodeURIComponent(trend.question)}&model=offline`);
      await page.locator(TURN_DONE).first().waitFor({ timeout: 60_000 });
      expect(await page.locator('.turn-error:not([hidden])').allTextContents()).toEqual([]);
      expect(await page.locator('.turn .answer').first().textContent()).toMatch(/-0\.8\d/);
      await page.close();
    } finally {
      await freshContext.close();
      fresh.stop();
    }
  });
});

/** Every file the catalog lists: the tables' files and the basemap (the map's land, lakes and towns). */
/** Every file the catalog lists: the tables', the basemap and the prebuilt results. */
function catalogTotal(catalog: {
  tables: Record<string, { files: { bytes: number }[] }>;
  basemap?: { bytes: number };
  prebuilt?: { bytes: number };
}): number {
  return Object.values(catalog.tables).reduce(
    (sum, table) => sum + table.files.reduce((bytes, file) => bytes + file.bytes, 0),
    (catalog.basemap?.bytes ?? 0) + (catalog.prebuilt?.bytes ?? 0),
  );
}
