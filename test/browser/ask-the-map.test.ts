import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { WebMercatorViewport } from '@math.gl/web-mercator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatFigure } from '../../src/models/offline/format-figure';
import { browserAvailability } from './browser-context';
import {
  ARTIFACTS,
  ask,
  type IntegratedApp,
  mapFrameCount,
  mapSettled,
  openApp,
  startIntegratedApp,
  turnEnded,
} from './integrated-app';

const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir)
  console.warn(
    'ask-the-map skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).',
  );

/** The view the map drew last: centre and zoom (map-view.ts writes them on each frame). */
async function viewOf(page: Page): Promise<{ longitude: number; latitude: number; zoom: number }> {
  const text = (await page.locator('.map-view').getAttribute('data-view')) ?? '';
  const [longitude, latitude, zoom] = text.split(' ').map(Number);
  return { longitude: longitude!, latitude: latitude!, zoom: zoom! };
}

/** The cell's weekly abundance, read here with native DuckDB from the parquet the page serves. */
async function ownWeeks(cellId: number) {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const rows = (
    await connection.runAndReadAll(
      `SELECT week, strftime(date, '%Y-%m-%d') AS date, abundance FROM read_parquet('${join(dataDir!, 'weekly/*.parquet')}') WHERE cell_id = ${cellId} ORDER BY week`,
    )
  ).getRowObjectsJS() as { week: number; date: string; abundance: number | null }[];
  return rows.map((row) => ({
    week: Number(row.week),
    date: row.date,
    value: row.abundance === null ? null : Number(row.abundance),
  }));
}

/** The cell with the highest weekly abundance, and a point 5 km off its centre (inside its 27 km square). */
async function busiestCell() {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const [row] = (
    await connection.runAndReadAll(
      `SELECT w.cell_id, c.lon, c.lat FROM read_parquet('${join(dataDir!, 'weekly/*.parquet')}') AS w JOIN read_parquet('${join(dataDir!, 'cells.parquet')}') AS c USING (cell_id) ORDER BY w.abundance DESC NULLS LAST LIMIT 1`,
    )
  ).getRowObjectsJS() as { cell_id: number; lon: number; lat: number }[];
  return { cellId: Number(row!.cell_id), lon: Number(row!.lon) + 0.05, lat: Number(row!.lat) - 0.05 };
}

/** The newest card once it is the `count`th map turn and has ended (a click reaches deck.gl ~300 ms late: doubleClickZoom waits for a second click). */
async function mapTurnEnded(page: Page, count: number) {
  await page
    .locator('.turns .turn .turn-question', { hasText: 'This place on the map' })
    .nth(count - 1)
    .waitFor({ timeout: 30_000 });
  return turnEnded(page);
}

/**
 * Clicks the map until deck.gl reads it as a click. Its tap recognizer (mjolnir.js, `time: 250`)
 * drops a press whose pointerup it handles more than 250 ms after the pointerdown, by the page's
 * clock; with the whole suite running on 2 cores the renderer was starved that long (ci3,
 * 2026-12-05: no map turn after the click, the same test passing alone and under two busy loops).
 * A click that never works still fails: three tries, each given 5 s to open the card.
 */
async function clickMap(page: Page, x: number, y: number) {
  const cards = page.locator('.turns .turn .turn-question', { hasText: 'This place on the map' });
  const before = await cards.count();
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.mouse.click(x, y);
    const opened = await page
      .waitForFunction(
        (count) =>
          [...document.querySelectorAll('.turns .turn .turn-question')].filter((node) =>
            node.textContent?.includes('This place on the map'),
          ).length > count,
        before,
        { timeout: 5_000 },
      )
      .then(() => true)
      .catch(() => false);
    if (opened) return;
    console.warn(
      `ask-the-map: click ${attempt} was not read as a click (press held over 250 ms on a busy page); clicking again`,
    );
  }
}

/** Rows of the Audit tab made by the map (agent `map`). */
async function mapAuditRows(page: Page): Promise<string[]> {
  await page.locator('.tabs [role=tab]', { hasText: 'Audit' }).click();
  const rows = await page.locator('.audit-table tbody tr td:nth-child(2)').allTextContents();
  await page.locator('.tabs [role=tab]', { hasText: 'Chart' }).click();
  return rows.filter((text) => text.includes('from the map'));
}

describe.skipIf(!availability.run || !dataDir)('ask the map (built page, real worker and registry)', () => {
  let app: IntegratedApp;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    app = await startIntegratedApp(dataDir!);
    ({ page, errors } = await openApp(app, '', { width: 1400, height: 900 }));
    await ask(page, 'When does the Yellow-bellied Sapsucker peak in Michigan?');
    await turnEnded(page);
    await mapSettled(page);
  });

  afterAll(async () => {
    await app?.close();
  });

  it("clicking a cell shows that place's weekly curve, one line from the data, and one audit row from the map", async () => {
    const target = await busiestCell();
    const canvas = page.locator('.map-view canvas');
    const box = (await canvas.boundingBox())!;
    const view = new WebMercatorViewport({ width: box.width, height: box.height, ...(await viewOf(page)) });
    const [x, y] = view.project([target.lon, target.lat]);
    const layersBefore = await page.locator('.map-view').getAttribute('data-layers');
    await clickMap(page, box.x + x!, box.y + y!);
    const turn = await mapTurnEnded(page, 1);
    expect(await turn.locator('.turn-model').textContent()).toBe('map');
    expect(await turn.locator('.turn-question').textContent()).toMatch(
      /^This place on the map: \d+\.\d\d° N, \d+\.\d\d° W$/,
    );

    const weeks = await ownWeeks(target.cellId);
    const modelled = weeks.filter((row) => row.value !== null);
    const peak = modelled.reduce((best, row) => (row.value! > best.value! ? row : best));
    const shown = Number((await page.locator('.time-label').textContent())?.match(/Week (\d+)/)?.[1]);
    const thisWeek = weeks.find((row) => row.week === shown)!;
    const answer = (await turn.locator('.answer').textContent()) ?? '';
    expect(answer).toMatch(
      new RegExp(
        `^Near [^:]+, [A-Z]{2}: relative abundance peaks around ${formatDate(peak.date)} \\(${formatFigure(peak.value!).replace('.', '\\.')}\\); this week \\(${formatDate(thisWeek.date)}\\) `,
      ),
    );
    // Each figure of the line links to the call that produced it.
    expect(await turn.locator('.answer button.figure').allTextContents()).toContain(
      formatFigure(peak.value!),
    );
    expect(await turn.locator('.trace-item .trace-tool').allTextContents()).toEqual(['cell_weekly']);
    const town = answer.match(/^Near ([^:]+):/)![1];
    await expect
      .poll(() => page.locator('.chart-figure svg[role=img]').getAttribute('aria-label'))
      .toContain(`Chart: Yellow-bellied Sapsucker near ${town}.`);
    // The click leaves the answer's map as it was.
    expect(await page.locator('.map-view').getAttribute('data-layers')).toBe(layersBefore);
    expect(await mapAuditRows(page)).toEqual(['cell_weekly · from the map']);
    await page.screenshot({ path: resolve(ARTIFACTS, 'ask-the-map-01-click.png') });
  });

  it('with the map focused, ArrowRight pans, "+" zooms, and Enter asks about the place under the cross', async () => {
    await page.locator('.map-view canvas').focus();
    let before = await viewOf(page);
    let frames = await mapFrameCount(page);
    await page.keyboard.press('ArrowRight');
    await mapSettled(page, frames);
    const panned = await viewOf(page);
    expect(panned.longitude).toBeGreaterThan(before.longitude);
    expect(panned.zoom).toBeCloseTo(before.zoom, 6);

    before = panned;
    frames = await mapFrameCount(page);
    await page.keyboard.press('+');
    await mapSettled(page, frames);
    const zoomed = await viewOf(page);
    expect(zoomed.zoom).toBeGreaterThan(before.zoom);
    // The cross shows while the map has keyboard focus.
    expect(await page.locator('.map-crosshair').isVisible()).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, 'ask-the-map-02-keyboard-focus.png') });

    const centre = await viewOf(page);
    await page.keyboard.press('Enter');
    const turn = await mapTurnEnded(page, 2);
    const question = (await turn.locator('.turn-question').textContent()) ?? '';
    const [, lat, lon] = question.match(/: (\d+\.\d\d)° N, (\d+\.\d\d)° W$/) ?? [];
    expect(Number(lat)).toBeCloseTo(centre.latitude, 1);
    expect(-Number(lon)).toBeCloseTo(centre.longitude, 1);
    expect(await turn.locator('.trace-item .trace-tool').allTextContents()).toEqual(['cell_weekly']);
    expect(await mapAuditRows(page)).toHaveLength(2);
    await page.screenshot({ path: resolve(ARTIFACTS, 'ask-the-map-03-enter.png') });
    expect(errors).toEqual([]);
  });
});
