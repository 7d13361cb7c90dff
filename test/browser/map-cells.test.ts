import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import type { BrowserContext, Page } from 'playwright-core';
import { browserAvailability, launchChromium } from './browser-context';
import { startHarnessDevServer } from './harness-dev-server';

const ROOT = resolve(import.meta.dirname, '../..');
const ARTIFACTS = resolve(ROOT, 'test-artifacts');
const DESKTOP = { width: 1400, height: 900 };
const availability = browserAvailability();

/** A cell: centre, half side in degrees, value (NaN = not modelled). */
type Cell = [lon: number, lat: number, half: number, value: number];

/** A cell layer as plain arrays (typed in the page, as the worker sends them): centres, 4 corners per cell, values. */
function cellPayload({ id, measure, cells }: { id: string; measure: string; cells: Cell[] }) {
  const finite = cells.map((cell) => cell[3]).filter(Number.isFinite);
  return {
    kind: 'map-layer',
    id,
    name: `Layer ${id}`,
    geometry: 'point',
    featureCount: cells.length,
    coordinates: cells.flatMap((cell) => cell.slice(0, 2)),
    footprints: cells.flatMap(([lon, lat, half]) => [
      lon - half,
      lat - half,
      lon + half,
      lat - half,
      lon + half,
      lat + half,
      lon - half,
      lat + half,
    ]),
    values: cells.map((cell) => cell[3]),
    valueName: 'value',
    measure,
    unit: 'birds',
    domain: [Math.min(...finite), Math.max(...finite)],
    color: '#d95f02',
    sourceTables: ['weekly'],
    sql: 'SELECT 1',
    callId: id,
  };
}

/**
 * Issue 12, "cells drawn as their true footprint; one colour scale per measure across layers", in
 * real Chromium on the UI harness (the real app and map view on the fake agent host). Cells are
 * found on screen by what changes when their layer's opacity goes to 0 (the camera and the
 * shared scale stay put), so the checks need no projection maths.
 */
describe.skipIf(!availability.run)('map cells: footprints and one colour scale per measure', () => {
  let server: ViteDevServer;
  let context: BrowserContext;
  let baseUrl: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    ({ server, baseUrl } = await startHarnessDevServer());
    context = await launchChromium();
  });

  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  async function open(): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    await page.setViewportSize(DESKTOP);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}test/browser/ui-harness.html`);
    await page.waitForFunction(() => 'harness' in window, undefined, { timeout: 60_000 });
    await page.evaluate(() => (window as unknown as Harness).harness.app.ready);
    return { page, errors };
  }

  async function settle(page: Page) {
    await page.waitForTimeout(400); // the fit-to-data transition lasts 300 ms
    await page.evaluate(async () => {
      await (window as unknown as Harness).harness.app.mapRendered();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  }

  /** One answer drawing `layers` (each a list of cells, with footprints, on the measure's scale). */
  async function answerWith(page: Page, layers: { id: string; measure: string; cells: Cell[] }[]) {
    await page.evaluate((payloads) => {
      const { control, app } = (window as unknown as Harness).harness;
      control.mode = 'hold';
      app.ask('Where is it?');
      const turnId = control.requests.at(-1)!.turnId as string;
      for (const payload of payloads)
        control.emit({
          type: 'payload-add',
          turnId,
          payload: {
            ...payload,
            coordinates: Float64Array.from(payload.coordinates),
            footprints: Float64Array.from(payload.footprints),
            values: Float32Array.from(payload.values),
          },
        });
      control.emit({ type: 'text-delta', turnId, text: 'Here.' });
      control.emit({
        type: 'turn-end',
        turnId,
        summary: {
          question: 'Where is it?',
          answer: '',
          modelId: 'offline',
          calls: [],
          provenance: [],
          steps: 1,
        },
      });
      control.mode = 'recorded';
    }, layers.map(cellPayload));
    await settle(page);
  }

  /** A further layer in the last answer's turn (a comparison's second subject). */
  async function answerWithin(page: Page, layer: { id: string; measure: string; cells: Cell[] }) {
    await page.evaluate((payload) => {
      const { control } = (window as unknown as Harness).harness;
      const turnId = control.requests.at(-1)!.turnId as string;
      control.emit({
        type: 'payload-add',
        turnId,
        payload: {
          ...payload,
          coordinates: Float64Array.from(payload.coordinates),
          footprints: Float64Array.from(payload.footprints),
          values: Float32Array.from(payload.values),
        },
      });
    }, cellPayload(layer));
    await settle(page);
  }

  /** The map canvas alone: the overlays on it hidden for the shot. */
  async function mapShot(page: Page, name: string): Promise<Buffer> {
    const hide = await page.addStyleTag({
      content: '.layer-list, .time-slider, .map-empty, .attribution { visibility: hidden !important; }',
    });
    const shot = await page.locator('.map-canvas').screenshot({ path: resolve(ARTIFACTS, name) });
    await hide.evaluate((node) => (node as HTMLElement).remove());
    return shot;
  }

  async function setOpacity(page: Page, id: string, opacity: number) {
    await page.evaluate(
      ({ id, opacity }) => {
        const input = document.getElementById(`layer-opacity-${id}`) as HTMLInputElement;
        input.value = String(opacity);
        input.dispatchEvent(new Event('input'));
      },
      { id, opacity },
    );
    await settle(page);
  }

  /**
   * The cells of a layer on screen: the pixels that differ between `shown` and `hidden`, split into
   * runs of columns (the test's cells lie side by side), each with its box, how much of the box
   * changed, whether the pixels 4 px inside each corner changed, and the median colour at its centre.
   */
  async function cellsOnScreen(page: Page, shown: Buffer, hidden: Buffer) {
    return page.evaluate(
      async ({ a, b }) => {
        const decode = async (base64: string) => {
          const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
          const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(bitmap, 0, 0);
          return context.getImageData(0, 0, bitmap.width, bitmap.height);
        };
        const on = await decode(a);
        const off = await decode(b);
        const { width, height } = on;
        const changed = (x: number, y: number) => {
          const index = (y * width + x) * 4;
          return [0, 1, 2].some(
            (channel) => Math.abs(on.data[index + channel]! - off.data[index + channel]!) > 12,
          );
        };
        const columns: boolean[] = [];
        for (let x = 0; x < width; x++) {
          let any = false;
          for (let y = 0; y < height && !any; y++) any = changed(x, y);
          columns.push(any);
        }
        const runs: [number, number][] = [];
        columns.forEach((any, x) => {
          if (!any) return;
          const last = runs.at(-1);
          if (last && last[1] === x - 1) last[1] = x;
          else runs.push([x, x]);
        });
        return runs
          .filter(([x0, x1]) => x1 - x0 > 8)
          .map(([x0, x1]) => {
            let y0 = height;
            let y1 = -1;
            let count = 0;
            for (let x = x0; x <= x1; x++)
              for (let y = 0; y < height; y++)
                if (changed(x, y)) {
                  count++;
                  y0 = Math.min(y0, y);
                  y1 = Math.max(y1, y);
                }
            const area = (x1 - x0 + 1) * (y1 - y0 + 1);
            const corners = [
              [x0 + 4, y0 + 4],
              [x1 - 4, y0 + 4],
              [x1 - 4, y1 - 4],
              [x0 + 4, y1 - 4],
            ].map(([x, y]) => changed(x!, y!));
            const cx = Math.round((x0 + x1) / 2);
            const cy = Math.round((y0 + y1) / 2);
            const channels: number[][] = [[], [], []];
            for (let x = cx - 4; x <= cx + 4; x++)
              for (let y = cy - 4; y <= cy + 4; y++)
                for (const channel of [0, 1, 2])
                  channels[channel]!.push(on.data[(y * width + x) * 4 + channel]!);
            const median = channels.map(
              (values) => values.sort((p, q) => p - q)[Math.floor(values.length / 2)]!,
            );
            return { box: [x0, y0, x1, y1], fill: count / area, corners, median };
          });
      },
      { a: shown.toString('base64'), b: hidden.toString('base64') },
    );
  }

  const distance = (a: number[], b: number[]) =>
    Math.max(...a.map((value, index) => Math.abs(value - b[index]!)));

  it('a cell layer is drawn as squares: its footprint is filled to the corners, which a disc would leave empty', async () => {
    const { page, errors } = await open();
    // Two cells of 0.8° on land in Lower Michigan, 1° apart; a not-modelled third stretches the view.
    await answerWith(page, [
      {
        id: 'cells',
        measure: 'abundance',
        cells: [
          [-85.5, 43, 0.4, 0.5],
          [-84.5, 43, 0.4, 1],
          [-85, 44.2, 0.4, Number.NaN],
        ],
      },
    ]);
    const shown = await mapShot(page, 'map-cells-squares.png');
    await setOpacity(page, 'cells', 0);
    const hidden = await mapShot(page, 'map-cells-squares-hidden.png');
    const cells = await cellsOnScreen(page, shown, hidden);
    // The two modelled cells; the not-modelled one draws nothing.
    expect(cells).toHaveLength(2);
    for (const cell of cells) {
      const [x0, y0, x1, y1] = cell.box;
      expect(x1! - x0!).toBeGreaterThan(40);
      expect(y1! - y0!).toBeGreaterThan(40);
      // A square fills its box (a disc: π/4 ≈ 0.79) and its corners.
      expect(cell.fill).toBeGreaterThan(0.93);
      expect(cell.corners).toEqual([true, true, true, true]);
    }
    expect(distance(cells[0]!.median, cells[1]!.median)).toBeGreaterThan(30);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('two layers of one measure colour one value alike, and the first is recoloured when the second widens the scale', async () => {
    const { page, errors } = await open();
    // Both layers span the same box (a not-modelled cell where the other layer's row is), so the camera stays put.
    const first: Cell[] = [
      [-85.5, 43, 0.4, 0.5],
      [-84.5, 43, 0.4, 1],
      [-85, 44.2, 0.4, Number.NaN],
    ];
    const second: Cell[] = [
      [-85.5, 44.2, 0.4, 0.5],
      [-84.5, 44.2, 0.4, 2],
      [-85, 43, 0.4, Number.NaN],
    ];
    await answerWith(page, [{ id: 'first', measure: 'abundance', cells: first }]);
    const alone = await mapShot(page, 'map-cells-first-alone.png');
    await setOpacity(page, 'first', 0);
    const firstAloneCells = await cellsOnScreen(page, alone, await mapShot(page, 'map-cells-none.png'));
    await setOpacity(page, 'first', 0.9);
    // The second layer joins the same answer (a comparison), so the first stays.
    await answerWithin(page, { id: 'second', measure: 'abundance', cells: second });
    const both = await mapShot(page, 'map-cells-both.png');
    await page.screenshot({ path: resolve(ARTIFACTS, 'map-cells-both-page.png') });
    await setOpacity(page, 'second', 0);
    const firstOnly = await mapShot(page, 'map-cells-first-of-two.png');
    const secondCells = await cellsOnScreen(page, both, firstOnly);
    await setOpacity(page, 'first', 0);
    const firstCells = await cellsOnScreen(page, firstOnly, await mapShot(page, 'map-cells-none-2.png'));
    expect(firstAloneCells).toHaveLength(2);
    expect(firstCells).toHaveLength(2);
    expect(secondCells).toHaveLength(2);
    // Value 0.5 (the west cell of each layer): one colour in both layers.
    expect(distance(firstCells[0]!.median, secondCells[0]!.median)).toBeLessThanOrEqual(6);
    // The first layer's 0.5 was recoloured when the second (up to 2) widened the abundance scale.
    expect(distance(firstAloneCells[0]!.median, firstCells[0]!.median)).toBeGreaterThan(30);
    // One legend in full for the measure, with round ticks; the other layer points to it.
    expect(await page.locator('.layer-item .legend:not(.legend-shared) .legend-bar').count()).toBe(1);
    expect(await page.locator('.layer-item .legend-shared').count()).toBe(1);
    const ticks = await page.locator('.layer-item .legend-scale span').allTextContents();
    expect(ticks).toEqual(['0', '0.5', '1', '1.5', '2']);
    expect(await page.locator('.legend-keys').first().textContent()).toMatch(
      /predicted absent.*not modelled/,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a trend layer is diverging, red for decline and blue for increase, with uncertain cells marked in map and legend', async () => {
    const { page, errors } = await open();
    const payload = {
      ...cellPayload({
        id: 'trend',
        measure: 'trend',
        cells: [
          [-85.5, 43, 0.4, -3],
          [-84.5, 43, 0.4, 3],
          [-83.3, 43, 0.4, 3],
        ],
      }),
      scale: 'diverging',
      unit: '% per year',
    };
    await page.evaluate((payload) => {
      const { control, app } = (window as unknown as Harness).harness;
      control.mode = 'hold';
      app.ask('Is it declining?');
      const turnId = control.requests.at(-1)!.turnId as string;
      control.emit({
        type: 'payload-add',
        turnId,
        payload: {
          ...payload,
          coordinates: Float64Array.from(payload.coordinates),
          footprints: Float64Array.from(payload.footprints),
          values: Float32Array.from(payload.values),
          uncertain: Uint8Array.from([0, 0, 1]),
        },
      });
      control.emit({
        type: 'turn-end',
        turnId,
        summary: { question: '', answer: '', modelId: 'offline', calls: [], provenance: [], steps: 1 },
      });
      control.mode = 'recorded';
    }, payload);
    await settle(page);
    const shown = await mapShot(page, 'map-cells-trend.png');
    await page.screenshot({ path: resolve(ARTIFACTS, 'map-cells-trend-page.png') });
    await setOpacity(page, 'trend', 0);
    const cells = await cellsOnScreen(page, shown, await mapShot(page, 'map-cells-trend-hidden.png'));
    // West to east: decline, increase, the same increase but uncertain (paler).
    expect(cells).toHaveLength(3);
    const [decline, increase, uncertain] = cells.map((cell) => cell.median);
    expect(decline![0]! - decline![2]!).toBeGreaterThan(60);
    expect(increase![2]! - increase![0]!).toBeGreaterThan(60);
    const sum = (rgb: number[]) => rgb.reduce((a, b) => a + b, 0);
    expect(sum(uncertain!)).toBeGreaterThan(sum(increase!) + 60);
    expect(uncertain![2]!).toBeGreaterThan(uncertain![0]!);
    expect(await page.locator('.legend-ends').textContent()).toBe('declineincrease');
    expect(await page.locator('.legend-keys').textContent()).toContain('uncertain');
    expect(await page.locator('.legend-keys').textContent()).not.toContain('predicted absent');
    const ticks = (await page.locator('.legend-scale span').allTextContents()).map(Number);
    expect(ticks[0]).toBe(-ticks.at(-1)!);
    expect(ticks).toContain(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a weekly cell layer draws each week as squares, and a slider step redraws the week', async () => {
    const { page, errors } = await open();
    await page.evaluate(() => {
      const { control, app, fixtures } = (window as unknown as Harness).harness;
      control.mode = 'hold';
      app.ask('Where is it each week?');
      const turnId = control.requests.at(-1)!.turnId as string;
      const full = fixtures.weeklyLayer(0.25, 'weekly-cells');
      const half = 0.125;
      const footprints = new Float64Array(full.values.length * 8);
      for (let index = 0; index < full.values.length; index++) {
        const [lon, lat] = [full.coordinates[index * 2]!, full.coordinates[index * 2 + 1]!];
        footprints.set(
          [lon - half, lat - half, lon + half, lat - half, lon + half, lat + half, lon - half, lat + half],
          index * 8,
        );
      }
      control.emit({ type: 'payload-add', turnId, payload: { ...full, footprints, measure: 'abundance' } });
      control.emit({ type: 'text-delta', turnId, text: 'Weekly.' });
      control.emit({
        type: 'turn-end',
        turnId,
        summary: { question: 'Where?', answer: '', modelId: 'offline', calls: [], provenance: [], steps: 1 },
      });
      control.mode = 'recorded';
    });
    await settle(page);
    const peak = await mapShot(page, 'map-cells-weekly-peak.png');
    await page.screenshot({ path: resolve(ARTIFACTS, 'map-cells-weekly-page.png') });
    const label = (await page.locator('.time-label').textContent()) ?? '';
    // The weekly layer opens at its peak week (16 in the fixture); step the slider to another week.
    await page.locator('#time-range').focus();
    for (let step = 0; step < 8; step++) await page.keyboard.press('ArrowRight');
    await settle(page);
    expect(await page.locator('.time-label').textContent()).not.toBe(label);
    const later = await mapShot(page, 'map-cells-weekly-later.png');
    expect(later.equals(peak)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});

interface Harness {
  harness: {
    app: { ready: Promise<void>; ask(question: string): void; mapRendered(): Promise<void> };
    control: {
      mode: 'recorded' | 'hold';
      requests: Record<string, unknown>[];
      emit(event: unknown): void;
    };
    fixtures: {
      weeklyLayer(
        step?: number,
        id?: string,
      ): {
        coordinates: Float64Array;
        values: Float32Array;
        times?: Uint16Array;
        [key: string]: unknown;
      };
    };
  };
}
