import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BASEMAP_FILE, basemapFileSchema } from '../../src/catalog/basemap-file';
import type { BasemapPayload } from '../../src/payloads';
import { LAND, WATER } from '../../src/ui/basemap-layers';
import { LABEL_OFFSET_PIXELS, placeTownLabels } from '../../src/ui/town-label-placement';
import { basemapFromFile } from '../../src/worker/build-basemap';
import { browserAvailability } from './browser-context';
import { ARTIFACTS, type IntegratedApp, mapSettled, openApp, startIntegratedApp } from './integrated-app';
import type { Region } from './pixels';

const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir)
  console.warn(
    'basemap-pixels skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).',
  );

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1400, height: 900 },
];
const LAKE_MICHIGAN: [number, number] = [-87.0, 43.5];
const LOWER_PENINSULA: [number, number] = [-84.7, 43.3];
/** Channels below this are label ink (text #262626 on its white halo), never land, water, a coast or a border line. */
const INK = 90;

/** The map's view as map-view.ts publishes it after each frame, with the canvas's box on the page. */
interface DrawnView {
  longitude: number;
  latitude: number;
  zoom: number;
  box: Region;
}

async function drawnView(page: Page): Promise<DrawnView> {
  const [longitude, latitude, zoom] = ((await page.locator('.map-view').getAttribute('data-view')) ?? '')
    .split(' ')
    .map(Number);
  const box = (await page.locator('.map-canvas').boundingBox())!;
  return { longitude: longitude!, latitude: latitude!, zoom: zoom!, box };
}

/** Web Mercator, written out (not deck.gl's code): page pixel of a lon/lat in the drawn view (512 px world at zoom 0). */
function project(view: DrawnView, [lon, lat]: [number, number]): [number, number] {
  const world = 512 * 2 ** view.zoom;
  const x = (value: number) => ((value + 180) / 360) * world;
  const y = (value: number) => {
    const phi = (value * Math.PI) / 180;
    return (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * world;
  };
  return [
    view.box.x + view.box.width / 2 + x(lon) - x(view.longitude),
    view.box.y + view.box.height / 2 + y(lat) - y(view.latitude),
  ];
}

/** RGBA of every pixel in each region of a PNG screenshot, decoded by Chromium on a blank page. */
async function regionPixels(helper: Page, png: Buffer, regions: Region[]): Promise<number[][]> {
  return helper.evaluate(
    async ({ base64, boxes }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return boxes.map((box) => Array.from(context.getImageData(box.x, box.y, box.width, box.height).data));
    },
    { base64: png.toString('base64'), boxes: regions },
  );
}

/** The colour most pixels of a small patch have (a line or label edge crossing it does not move it). */
function commonColour(rgba: number[]): number[] {
  const counts = new Map<string, number>();
  for (let index = 0; index < rgba.length; index += 4) {
    const key = rgba.slice(index, index + 3).join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])[0]![0]
    .split(',')
    .map(Number);
}

function inkPixels(rgba: number[]): number {
  let ink = 0;
  for (let index = 0; index < rgba.length; index += 4)
    if (rgba[index]! < INK && rgba[index + 1]! < INK && rgba[index + 2]! < INK) ink++;
  return ink;
}

function patch([x, y]: [number, number], half = 2): Region {
  return { x: Math.round(x) - half, y: Math.round(y) - half, width: half * 2 + 1, height: half * 2 + 1 };
}

function inside(outer: Region, inner: Region): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

function overlaps(a: Region, b: Region): boolean {
  return a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
}

/**
 * The labels the page placed at the view's zoom (the same placement code), where each name's
 * first characters lie on the map and clear of the overlays (layer list, scale bar, slider).
 */
function labelsOnMap(basemap: BasemapPayload, view: DrawnView, covered: (Region | null)[]) {
  return placeTownLabels(basemap.towns, view.zoom)
    .map((index) => {
      const [x, y] = project(view, [
        basemap.towns.positions[index * 2]!,
        basemap.towns.positions[index * 2 + 1]!,
      ]);
      const name = basemap.towns.names[index]!;
      return {
        name,
        rank: basemap.towns.ranks[index]!,
        region: {
          x: Math.round(x + LABEL_OFFSET_PIXELS),
          y: Math.round(y - 5),
          width: Math.min(30, name.length * 6),
          height: 11,
        },
      };
    })
    .filter(({ region }) => inside(view.box, region))
    .filter(({ region }) => !covered.some((box) => box && box.width > 0 && overlaps(box, region)));
}

/** The built page on the real example: the map it opens on is Michigan, with water, land and town names. */
describe.skipIf(!availability.run || !dataDir)('basemap pixels on the built page', () => {
  let app: IntegratedApp;
  let helper: Page;
  let basemap: BasemapPayload;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    basemap = basemapFromFile(
      basemapFileSchema.parse(JSON.parse(readFileSync(join(dataDir!, BASEMAP_FILE), 'utf8'))),
    );
    app = await startIntegratedApp(dataDir!);
    helper = await app.context.newPage();
  }, 600_000);

  afterAll(async () => {
    await app?.close();
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    it(`at ${size}: Lake Michigan is water, the Lower Peninsula land, town names are drawn, and the scale bar is clear of the controls`, async () => {
      const { page, errors } = await openApp(app, '', viewport);
      await mapSettled(page);
      const view = await drawnView(page);
      const png = await page.screenshot({ path: resolve(ARTIFACTS, `basemap-${size}.png`) });
      // The page opens on the build's cells: Michigan is in the middle of the map.
      const lake = project(view, LAKE_MICHIGAN);
      const land = project(view, LOWER_PENINSULA);
      expect(inside(view.box, patch(lake))).toBe(true);
      expect(inside(view.box, patch(land))).toBe(true);

      const covered = await Promise.all(
        ['.map-overlay', '.scale-bar', '.time-slider'].map((selector) =>
          page
            .locator(selector)
            .first()
            .boundingBox()
            .catch(() => null),
        ),
      );
      const labels = labelsOnMap(basemap, view, covered);
      expect(labels.length).toBeGreaterThan(2);
      const shown = labels.slice(0, 6);
      const [lakePixels, landPixels, ...labelPixels] = await regionPixels(helper, png, [
        patch(lake),
        patch(land),
        ...shown.map((label) => label.region),
      ]);
      expect(commonColour(lakePixels!)).toEqual(WATER.slice(0, 3));
      expect(commonColour(landPixels!)).toEqual(LAND.slice(0, 3));
      const ink = labelPixels.map(inkPixels);
      console.log(
        `[basemap-pixels] ${size} zoom ${view.zoom.toFixed(2)}: ${labels.length} labels on the map; ink pixels at ${shown.map((label, index) => `${label.name} ${ink[index]}`).join(', ')}`,
      );
      // Ink at each placed name: nothing else on the basemap is that dark (borders are at most 105, 98, 88).
      for (const count of ink) expect(count).toBeGreaterThan(8);

      // The scale bar: on the map, in km and mi, with no control over it.
      const scale = page.locator('.scale-bar');
      const scaleBox = (await scale.boundingBox())!;
      expect(inside(view.box, scaleBox)).toBe(true);
      for (const box of covered.slice(0, 1).concat(covered.slice(2)))
        if (box && box.width > 0) expect(overlaps(box, scaleBox)).toBe(false);
      const text = (await scale.textContent()) ?? '';
      expect(text).toMatch(/\d+ (km|m)/);
      expect(text).toMatch(/\d+ (mi|ft)/);
      // The bar is true at the centre: its metres per pixel are Web Mercator's at the view's latitude and zoom.
      const perPixel = Number(await scale.getAttribute('data-metres-per-pixel'));
      const expected = (40_075_016.686 * Math.cos((view.latitude * Math.PI) / 180)) / (512 * 2 ** view.zoom);
      expect(perPixel / expected).toBeCloseTo(1, 3);

      // Two steps closer in, smaller towns are named too (ranked by zoom), and drawn.
      const frames = Number(await page.locator('.map-view').getAttribute('data-frames'));
      await page.locator('.map-canvas canvas').focus();
      await page.keyboard.press('NumpadAdd');
      await page.keyboard.press('NumpadAdd');
      await mapSettled(page, frames);
      const closer = await drawnView(page);
      expect(closer.zoom).toBeCloseTo(view.zoom + 2, 1);
      const zoomedPng = await page.screenshot({ path: resolve(ARTIFACTS, `basemap-${size}-zoomed.png`) });
      const closeLabels = labelsOnMap(basemap, closer, covered);
      const small = closeLabels.filter((label) => label.rank >= 4).slice(0, 4);
      expect(small.length).toBeGreaterThan(0);
      const smallInk = (
        await regionPixels(
          helper,
          zoomedPng,
          small.map((label) => label.region),
        )
      ).map(inkPixels);
      console.log(
        `[basemap-pixels] ${size} zoom ${closer.zoom.toFixed(2)}: ${closeLabels.length} labels on the map; ink at ${small.map((label, index) => `${label.name} ${smallInk[index]}`).join(', ')}`,
      );
      for (const count of smallInk) expect(count).toBeGreaterThan(8);
      expect(errors).toEqual([]);
      await page.close();
    }, 300_000);
  }
});
