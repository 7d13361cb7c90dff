import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import type { BrowserContext } from 'playwright-core';
import { browserAvailability, launchChromium } from './browser-context';
import { serveStatic } from './static-server';

const ROOT = resolve(import.meta.dirname, '../..');
const ARTIFACTS = resolve(ROOT, 'test-artifacts');
const BASE = '/perch/';
const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir) console.warn('page-integrated skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).');
const question1 = JSON.parse(readFileSync(resolve(ROOT, '../shared/questions/public.json'), 'utf8')).questions[0] as { question: string; figures: { peak_week: string; peak_mean: number } };

/** The built page (`vite build` with BASE=/perch/) and the real agent worker, on the real example data. */
describe.skipIf(!availability.run || !dataDir)('built page with the real agent worker', () => {
  let context: BrowserContext;
  let server: Server;
  let pageUrl: string;

  beforeAll(async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'perch-build-'));
    await build({ root: ROOT, base: BASE, configFile: resolve(ROOT, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
    cpSync(dataDir!, join(outDir, 'data'), { recursive: true });
    ({ url: pageUrl, server } = await serveStatic(outDir, BASE));
    context = await launchChromium();
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await context?.close();
    server?.close();
  });

  it('a share link for public question 1 asks it offline; the answer carries the reference figures, the trace and one audit row per call', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${pageUrl}?q=${encodeURIComponent(question1.question)}&model=offline`);
    await page.locator('.turn-actions:not([hidden]), .turn-error:not([hidden])').first().waitFor({ timeout: 120_000 });
    const answer = (await page.locator('.turn .answer').first().textContent()) ?? '';
    expect(answer).toContain(question1.figures.peak_mean.toFixed(4));
    expect(answer).toContain(question1.figures.peak_week);
    expect(await page.locator('.turn button.figure').allTextContents()).toContain(question1.figures.peak_mean.toFixed(4));
    const calls = await page.locator('.trace-item').count();
    expect(calls).toBeGreaterThan(0);
    expect(await page.locator('.chart-figure svg').count()).toBeGreaterThan(0);
    await page.screenshot({ path: resolve(ARTIFACTS, 'page-integrated-q1.png') });
    await page.locator('#tab-audit').click();
    expect(await page.locator('.audit-table tbody tr').count()).toBe(calls);
    expect(errors).toEqual([]);
    await page.close();
  });
});
