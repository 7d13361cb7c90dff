import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { browserAvailability, launchChromium } from './browser-context';
import { buildSite, serveSwappable, serviceWorkerControls } from './offline-site-build';

const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts');
const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir)
  console.warn(
    'offline-update skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).',
  );

/**
 * A redeploy: build 1 is visited (sw.js installs it), then the same URL serves build 2, whose
 * page and worker carry another PERCH_BUILD (so their hashed file names differ too).
 */
describe.skipIf(!availability.run || !dataDir)('site update through sw.js', () => {
  let context: BrowserContext;
  let site: Awaited<ReturnType<typeof serveSwappable>>;
  let first: string;
  let second: string;

  beforeAll(async () => {
    first = await buildSite('update-1', dataDir!);
    second = await buildSite('update-2', dataDir!);
    site = await serveSwappable(first);
    context = await launchChromium();
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await context?.close();
    site?.stop();
  });

  it('after the switch the page says a new version took over; the next reload runs build 2 in page and worker, with no file of build 1', async () => {
    const page = await context.newPage();
    const workerBuild = page.locator('[data-health=release]');
    await page.goto(site.url);
    expect(await serviceWorkerControls(page)).toBe(true);
    await workerBuild.filter({ hasText: 'build update-1' }).waitFor({ timeout: 60_000 });

    site.swap(second);
    // Reload 1: sw.js of build 1 still serves build 1 (never half of each) while the browser
    // installs build 2's sw.js, which precaches all of build 2 and then takes over.
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('update-1');
    await page.locator('[data-alert=update]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-alert=update]').textContent()).toContain(
      'reload to use the new version',
    );
    await page.screenshot({ path: resolve(ARTIFACTS, 'offline-update-notice.png') });

    const onlyInFirst = new Set(assetNames(first).filter((name) => !assetNames(second).includes(name)));
    expect(onlyInFirst.size).toBeGreaterThan(0);
    const answered: string[] = [];
    context.on('response', (response) => answered.push(new URL(response.url()).pathname));
    // Reload 2, by the notice's button.
    await page.locator('[data-alert=update]').getByRole('button', { name: 'Reload' }).click();
    await workerBuild.filter({ hasText: 'build update-2' }).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('update-2');
    expect(await page.locator('[data-alert=update]').count()).toBe(0);
    const assetsServed = answered
      .filter((path) => path.startsWith('/perch/assets/'))
      .map((path) => path.slice('/perch/assets/'.length));
    expect(assetsServed.length).toBeGreaterThan(3);
    expect(assetsServed.filter((name) => onlyInFirst.has(name))).toEqual([]);
    expect(assetsServed.every((name) => assetNames(second).includes(name))).toBe(true);
    // Build 2's shell is cached whole; of the older ones only build 1's (a page may still run it).
    const shells = await page.evaluate(async () =>
      (await caches.keys()).filter((name) => name.startsWith('perch-shell-')),
    );
    expect(shells).toHaveLength(2);
    await page.close();
  });
});

function assetNames(folder: string): string[] {
  return readdirSync(join(folder, 'assets'));
}
