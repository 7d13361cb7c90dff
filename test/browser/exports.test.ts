import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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
import { regionStats } from './pixels';

const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir)
  console.warn(
    'exports skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).',
  );
const QUESTION = 'When does the Yellow-bellied Sapsucker peak in Michigan?';
const EBIRD = 'eBird Status and Trends, Cornell Lab of Ornithology';

/** The built page with the offline agent on the real example: what "Download …" saves is what the page shows. */
describe.skipIf(!availability.run || !dataDir)(
  'exports of what the answer shows (built page, real example)',
  () => {
    let app: IntegratedApp;
    let page: Page;
    let helper: Page;
    let errors: string[];

    beforeAll(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      app = await startIntegratedApp(dataDir!);
      helper = await app.context.newPage();
      ({ page, errors } = await openApp(app));
      await ask(page, QUESTION);
      await turnEnded(page);
      await mapSettled(page);
    });

    afterAll(async () => {
      await app?.close();
    });

    it("the Data tab and its CSV hold the chart's 52 weekly points, value for value", async () => {
      const points = await chartPoints(page);
      expect(points).toHaveLength(52);

      await page.locator('#tab-data').click();
      const title = (await page.locator('.data-title').textContent()) ?? '';
      expect(title).toMatch(/^Rows behind the chart: .+ · 52 rows$/);
      const csv = await saved(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
      writeFileSync(resolve(ARTIFACTS, 'export-chart-rows.csv'), csv.bytes);
      const [header, ...rows] = parseCsv(csv.bytes.toString());
      expect(rows).toHaveLength(52);
      const date = header!.indexOf('date');
      const value = header!.indexOf('value');
      expect(date).toBeGreaterThanOrEqual(0);
      expect(value).toBeGreaterThanOrEqual(0);
      // Each CSV row is the point Plot drew: its date is the dot's x, its value the dot's y (read back
      // through the chart's own scales; half a pixel of rounding in the SVG is the tolerance).
      const tolerance = points[0]!.yPerPixel * 0.75;
      rows.forEach((row, index) => {
        const point = points[index]!;
        expect(row[date], `row ${index + 1}`).toBe(point.date);
        expect(
          Math.abs(Number(row[value]) - point.value),
          `row ${index + 1}: ${row[value]} vs ${point.value}`,
        ).toBeLessThanOrEqual(tolerance);
      });
      // The peak is a real peak: the CSV's largest value is where the chart's highest dot is.
      const csvPeak = rows.reduce(
        (best, row, index) => (Number(row[value]) > Number(rows[best]![value]) ? index : best),
        0,
      );
      const chartPeak = points.reduce(
        (best, point, index) => (point.value > points[best]!.value ? index : best),
        0,
      );
      expect(csvPeak).toBe(chartPeak);
      await page.locator('.stage').screenshot({ path: resolve(ARTIFACTS, 'export-data-tab.png') });
      expect(errors).toEqual([]);
    });

    it('the SVG export holds the title, the line, 52 dots and the eBird attribution with the release; the PNG is not blank', async () => {
      await page.locator('#tab-chart').click();
      const title = (await page.locator('.chart-figure h2').textContent()) ?? '';
      expect(title.length).toBeGreaterThan(3);
      const svg = await saved(page, () => page.getByRole('button', { name: 'Download SVG' }).click());
      const text = svg.bytes.toString();
      writeFileSync(resolve(ARTIFACTS, 'export-chart.svg'), text);
      expect(text).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(text).toContain(`>${title}<`);
      expect(text).toMatch(new RegExp(`Data: ${EBIRD}, data version \\d{4}`));
      // The line and dots carry a real colour (a CSS variable draws nothing outside the page).
      expect(text).not.toContain('var(--');
      expect((text.match(/<circle/g) ?? []).length).toBe(52);
      expect(text).toMatch(/<g aria-label="line"[^>]* stroke="#[0-9a-f]{6}"[^>]*><path d="M[^"]+"/i);

      const png = await saved(page, () => page.getByRole('button', { name: 'Download PNG' }).click());
      writeFileSync(resolve(ARTIFACTS, 'export-chart.png'), png.bytes);
      const stats = await pngStats(helper, png.bytes, '#1f6f5c');
      console.log(
        `[exports] chart PNG ${stats.width}×${stats.height}: ${stats.colours} colours, ${(stats.ink * 100).toFixed(1)}% non-white, ${stats.accent} line pixels`,
      );
      expect(stats.width).toBeGreaterThan(500);
      expect(stats.colours).toBeGreaterThan(20);
      expect(stats.ink).toBeGreaterThan(0.02);
      // The line is drawn in the page's accent colour.
      expect(stats.accent).toBeGreaterThan(300);
      expect(errors).toEqual([]);
    });

    it('the map PNG holds the drawn map with the layer, the legend title and the attribution bands', async () => {
      const withLayer = await saved(page, () =>
        page.getByRole('button', { name: 'Download map as PNG' }).click(),
      );
      writeFileSync(resolve(ARTIFACTS, 'export-map.png'), withLayer.bytes);
      const frames = await mapFrameCount(page);
      await page.locator('.layer-item input[type=checkbox]').first().uncheck();
      await mapSettled(page, frames);
      const without = await saved(page, () =>
        page.getByRole('button', { name: 'Download map as PNG' }).click(),
      );
      writeFileSync(resolve(ARTIFACTS, 'export-map-layer-hidden.png'), without.bytes);
      await page.locator('.layer-item input[type=checkbox]').first().check();

      const stats = await pngStats(helper, withLayer.bytes);
      const box = (await page.locator('.map-view').boundingBox())!;
      const scale = stats.width / box.width;
      // The map sits between the caption (title, legend line) and the attribution: both bands hold text.
      const header = Math.round((stats.height - box.height * scale) * 0.6);
      console.log(
        `[exports] map PNG ${stats.width}×${stats.height} (map ${Math.round(box.width * scale)}×${Math.round(box.height * scale)}): ${stats.colours} colours`,
      );
      expect(stats.width).toBe(Math.round(box.width * scale));
      expect(stats.height).toBeGreaterThan(box.height * scale + 40);
      expect(stats.colours).toBeGreaterThan(50);
      const top = await pngStats(helper, withLayer.bytes, undefined, {
        x: 0,
        y: 0,
        width: stats.width,
        height: header,
      });
      expect(top.ink).toBeGreaterThan(0.01);
      // Fitted to Michigan, the layer fills the middle of the map; hiding it changes that part of the picture.
      const middle = {
        x: Math.round(stats.width * 0.3),
        y: Math.round(stats.height * 0.35),
        width: Math.round(stats.width * 0.4),
        height: Math.round(stats.height * 0.3),
      };
      const shown = await regionStats(helper, withLayer.bytes, middle, without.bytes);
      const hidden = await regionStats(helper, without.bytes, middle);
      console.log(
        `[exports] map PNG middle: saturated ${(shown.saturated * 100).toFixed(1)}% with the layer, ${(hidden.saturated * 100).toFixed(1)}% without; ${(shown.changed! * 100).toFixed(1)}% of pixels changed`,
      );
      expect(shown.saturated).toBeGreaterThan(0.05);
      expect(shown.changed).toBeGreaterThan(0.1);
      expect(hidden.saturated).toBeLessThan(shown.saturated / 2);
      expect(errors).toEqual([]);
    });

    it('on a phone (390×844) the map download is on screen and saves the map as drawn there', async () => {
      const { page: phone, errors: phoneErrors } = await openApp(app, '', { width: 390, height: 844 });
      await ask(phone, QUESTION);
      await turnEnded(phone);
      await mapSettled(phone);
      const button = phone.getByRole('button', { name: 'Download map as PNG' });
      const box = (await button.boundingBox())!;
      const map = (await phone.locator('.map-view').boundingBox())!;
      await phone.screenshot({ path: resolve(ARTIFACTS, 'export-phone-390.png') });
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      const png = await saved(phone, () => button.click());
      writeFileSync(resolve(ARTIFACTS, 'export-map-phone.png'), png.bytes);
      const stats = await pngStats(helper, png.bytes);
      // The PNG is as wide as the phone's map (in device pixels) and holds the drawn layer's colours.
      expect(stats.width).toBe(Math.round(map.width * (await phone.evaluate(() => window.devicePixelRatio))));
      expect(stats.colours).toBeGreaterThan(50);
      expect(phoneErrors).toEqual([]);
      await phone.close();
    });
  },
);

interface ChartPoint {
  date: string;
  value: number;
  /** Data units per pixel of the y scale: the reading's precision. */
  yPerPixel: number;
}

/** The dots of the line chart as drawn, read back into data through Plot's own x and y scales. */
async function chartPoints(page: Page): Promise<ChartPoint[]> {
  await page.locator('#tab-chart').click();
  return page.evaluate(() => {
    type Scale = { domain: (number | Date)[]; range: number[] };
    const plot = document.querySelector('.chart-figure > *') as Element & { scale(name: string): Scale };
    const x = plot.scale('x');
    const y = plot.scale('y');
    const invert = (scale: Scale, pixel: number) => {
      const [d0, d1] = scale.domain.map(Number) as [number, number];
      const [r0, r1] = scale.range as [number, number];
      return d0 + ((pixel - r0) * (d1 - d0)) / (r1 - r0);
    };
    const yPerPixel = Math.abs((Number(y.domain[1]) - Number(y.domain[0])) / (y.range[1]! - y.range[0]!));
    return [...document.querySelectorAll('.chart-figure svg circle')]
      .map((circle) => ({ cx: Number(circle.getAttribute('cx')), cy: Number(circle.getAttribute('cy')) }))
      .sort((a, b) => a.cx - b.cx)
      .map(({ cx, cy }) => ({
        // Weeks are days apart, so the nearest day of the inverted x is the dot's date.
        date: new Date(Math.round(invert(x, cx) / 86_400_000) * 86_400_000).toISOString().slice(0, 10),
        value: invert(y, cy),
        yPerPixel,
      }));
  });
}

async function saved(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

interface PngStats {
  width: number;
  height: number;
  /** Distinct colours (RGB quantised to 4 bits a channel). */
  colours: number;
  /** Share of pixels that are not (near) white. */
  ink: number;
  /** Pixels within 40 of `accent` in every channel. */
  accent: number;
}

/** Decodes a PNG in Chromium (no PNG library in Node) and counts what it holds, in `region` (default: all of it). */
async function pngStats(
  helper: Page,
  png: Buffer,
  accent?: string,
  region?: { x: number; y: number; width: number; height: number },
): Promise<PngStats> {
  return helper.evaluate(
    async ({ base64, accent, region }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const box = region ?? { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
      const data = context.getImageData(box.x, box.y, box.width, box.height).data;
      const target = accent
        ? [1, 3, 5].map((at) => Number.parseInt(accent.slice(at, at + 2), 16))
        : undefined;
      const colours = new Set<number>();
      let ink = 0;
      let near = 0;
      for (let index = 0; index < data.length; index += 4) {
        const [r, g, b] = [data[index]!, data[index + 1]!, data[index + 2]!];
        colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
        if (r < 235 || g < 235 || b < 235) ink++;
        if (
          target &&
          Math.abs(r - target[0]!) < 40 &&
          Math.abs(g - target[1]!) < 40 &&
          Math.abs(b - target[2]!) < 40
        )
          near++;
      }
      return {
        width: bitmap.width,
        height: bitmap.height,
        colours: colours.size,
        ink: ink / (data.length / 4),
        accent: near,
      };
    },
    { base64: png.toString('base64'), accent, region },
  );
}
