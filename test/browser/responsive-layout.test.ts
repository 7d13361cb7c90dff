import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import type { BrowserContext, Page } from 'playwright-core';
import { controlsOffScreen } from './controls-on-screen';
import { browserAvailability, launchChromium } from './browser-context';
import { startHarnessDevServer } from './harness-dev-server';

const ROOT = resolve(import.meta.dirname, '../..');
const ARTIFACTS = resolve(ROOT, 'test-artifacts');
const QUESTION = 'When does the Yellow-bellied Sapsucker peak in Michigan?';
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1400, height: 900 },
  { width: 2560, height: 1440 },
];
const PHONE = VIEWPORTS[1]!;
const DESKTOP = VIEWPORTS[3]!;
/** Weeks of the "winter" follow-up's layer: January–February and December. */
const WINTER_WEEKS = [1, 2, 3, 4, 5, 6, 7, 8, 49, 50, 51, 52];
const availability = browserAvailability();

/**
 * Issue 12, the layout and the map state, in real Chromium on the UI harness (the real app on the
 * fake agent host), with the site's status-strip CSS the built page loads: no horizontal scroll
 * from 360 to 2,560 px, the controls on screen, one answer's figures at a time.
 */
describe.skipIf(!availability.run)('responsive layout and one map state per answer', () => {
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

  async function open(viewport: {
    width: number;
    height: number;
  }): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}test/browser/ui-harness.html`);
    await page.waitForFunction(() => 'harness' in window, undefined, { timeout: 60_000 });
    await page.evaluate(() => (window as unknown as Harness).harness.app.ready);
    // main.ts loads the status strip's own CSS (its one-line items made the page 1,611 px wide).
    await page.addStyleTag({ path: resolve(ROOT, 'src/ui/site-status.css') });
    return { page, errors };
  }

  /** Asks through the box and waits for the recorded turn (a weekly layer, a chart) to end. */
  async function askRecorded(page: Page, question = QUESTION) {
    const before = await page.locator('.turn-actions:not([hidden])').count();
    await page.locator('#question').fill(question);
    await page.locator('#question').press('Enter');
    await expect
      .poll(() => page.locator('.turn-actions:not([hidden])').count(), { timeout: 30_000 })
      .toBe(before + 1);
    await settle(page);
  }

  /** Asks, then plays a turn of our own: the given layers (weeks kept from the fixture's grid), no chart. */
  async function answerWith(page: Page, question: string, layers: { id: string; weeks: number[] }[]) {
    await page.evaluate(
      ({ question, layers }) => {
        const { control, app, fixtures } = (window as unknown as Harness).harness;
        control.mode = 'hold';
        app.ask(question);
        const turnId = control.requests.at(-1)!.turnId as string;
        for (const { id, weeks } of layers) {
          const full = fixtures.weeklyLayer(0.25, id);
          const keep: number[] = [];
          full.times!.forEach((week, index) => {
            if (weeks.includes(week)) keep.push(index);
          });
          control.emit({
            type: 'payload-add',
            turnId,
            payload: {
              ...full,
              name: `${question} (${id})`,
              featureCount: keep.length,
              coordinates: Float64Array.from(
                keep.flatMap((index) => [full.coordinates[index * 2]!, full.coordinates[index * 2 + 1]!]),
              ),
              values: Float32Array.from(keep, (index) => full.values[index]!),
              times: Uint16Array.from(keep, (index) => full.times![index]!),
              labels: keep.map(() => 'USA-MI'),
            },
          });
        }
        control.emit({ type: 'text-delta', turnId, text: `An answer to: ${question}` });
        control.emit({
          type: 'turn-end',
          turnId,
          summary: { question, answer: '', modelId: 'offline', calls: [], provenance: [], steps: 1 },
        });
        control.mode = 'recorded';
      },
      { question, layers },
    );
    await settle(page);
  }

  async function settle(page: Page) {
    await page.evaluate(async () => {
      await (window as unknown as Harness).harness.app.mapRendered();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  }

  const scrollOverflow = (page: Page) =>
    page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  const mapLayers = async (page: Page) =>
    ((await page.locator('.map-view').getAttribute('data-layers')) ?? '').split(' ').filter(Boolean);

  // One test per size: five sizes in one test passed its 180 s timeout when two test runs shared the 2 cores.
  it.each(VIEWPORTS)(
    'at $width×$height: no horizontal scroll; question box, Ask, Settings, legend and week slider on screen, at the top and after scrolling to the end of the conversation',
    async (viewport) => {
      const { page, errors } = await open(viewport);
      const size = `${viewport.width}x${viewport.height}`;
      expect(await scrollOverflow(page), `${size} before any answer`).toBeLessThanOrEqual(0);
      for (let answer = 0; answer < 3; answer++) await askRecorded(page);
      expect(await scrollOverflow(page), `${size} after three answers`).toBeLessThanOrEqual(0);
      expect(await controlsOffScreen(page), `${size} at the top`).toEqual([]);
      await page.screenshot({ path: resolve(ARTIFACTS, `responsive-${size}.png`) });
      // Scroll the conversation (the page on a phone, the side column on a wide screen) to its end.
      await page.evaluate(() => {
        document.querySelector('.side')!.scrollTop = 1e6;
        window.scrollTo(0, document.scrollingElement!.scrollHeight);
      });
      await settle(page);
      expect(await controlsOffScreen(page), `${size} scrolled to the end`).toEqual([]);
      expect(await scrollOverflow(page), `${size} scrolled to the end`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: resolve(ARTIFACTS, `responsive-${size}-scrolled.png`) });
      // The results tabs (a wide table) scroll inside their own box, not the page.
      await page.locator('#tab-audit').click();
      expect(await scrollOverflow(page), `${size} audit tab`).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('a weekly answer then a winter follow-up: the map holds one layer, the slider steps through the winter weeks only and reads one of them', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, errors } = await open(viewport);
      await answerWith(page, 'Where is it in week 24?', [{ id: 'layer-week24', weeks: [24] }]);
      expect(await mapLayers(page)).toEqual(['layer-week24']);
      expect(await page.locator('.time-label').textContent()).toMatch(/^Week 24\b/);
      await answerWith(page, 'and in winter?', [{ id: 'layer-winter', weeks: WINTER_WEEKS }]);
      expect(await mapLayers(page)).toEqual(['layer-winter']);
      expect(
        await page.locator('.layer-item').evaluateAll((items) => items.map((item) => item.dataset.layerId)),
      ).toEqual(['layer-winter']);
      expect(await page.locator('.layer-item .legend').count()).toBe(1);
      const label = (await page.locator('.time-label').textContent()) ?? '';
      expect(WINTER_WEEKS).toContain(Number(/^Week (\d+)/.exec(label)?.[1]));
      expect(await page.locator('#time-range').getAttribute('max')).toBe(String(WINTER_WEEKS.length - 1));
      await page.screenshot({ path: resolve(ARTIFACTS, `responsive-winter-${viewport.width}.png`) });
      // Hiding the only weekly layer hides the slider and the layer's legend with it.
      await page.locator('.layer-item input[type=checkbox]').uncheck();
      expect(await page.locator('.time-slider').isHidden()).toBe(true);
      expect(await page.locator('.layer-item .legend').isHidden()).toBe(true);
      await page.locator('.layer-item input[type=checkbox]').check();
      expect(await page.locator('.time-slider').isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('an answer without a figure clears the map and the chart to an empty state that says so', async () => {
    const { page, errors } = await open(DESKTOP);
    await askRecorded(page);
    expect(await mapLayers(page)).toEqual(['layer-weekly']);
    expect(await page.locator('.chart-figure svg').count()).toBeGreaterThan(0);
    await answerWith(page, 'How big is its breeding range?', []);
    expect(await mapLayers(page)).toEqual([]);
    expect(await page.locator('.layer-item').count()).toBe(0);
    expect(await page.locator('.map-empty').isVisible()).toBe(true);
    expect(await page.locator('.map-empty').textContent()).toBe('This answer has no map.');
    expect(await page.locator('.time-slider').isHidden()).toBe(true);
    expect(await page.locator('.chart-figure svg').count()).toBe(0);
    expect(await page.locator('.chart-view .empty-state').textContent()).toBe('This answer has no chart.');
    await page.screenshot({ path: resolve(ARTIFACTS, 'responsive-no-figure-1400.png') });
    // The next answer with a map takes the empty state away.
    await askRecorded(page);
    expect(await page.locator('.map-empty').isHidden()).toBe(true);
    expect(await page.locator('.chart-figure svg').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a pinned layer stays through the next answers; an unpinned one is replaced', async () => {
    const { page, errors } = await open(PHONE);
    await answerWith(page, 'Where is it in week 24?', [{ id: 'layer-week24', weeks: [24] }]);
    const pin = page.locator('.layer-item[data-layer-id=layer-week24] .layer-pin');
    await pin.click();
    expect(await pin.getAttribute('aria-pressed')).toBe('true');
    await answerWith(page, 'and in winter?', [{ id: 'layer-winter', weeks: WINTER_WEEKS }]);
    expect(await mapLayers(page)).toEqual(['layer-week24', 'layer-winter']);
    expect(await page.locator('.layer-item .legend').count()).toBe(2);
    // The slider opens at the new layer's week and steps through the weeks of both.
    expect(WINTER_WEEKS).toContain(
      Number(/^Week (\d+)/.exec((await page.locator('.time-label').textContent()) ?? '')?.[1]),
    );
    expect(await page.locator('#time-range').getAttribute('max')).toBe(String(WINTER_WEEKS.length));
    await answerWith(page, 'and in spring?', [{ id: 'layer-spring', weeks: [14, 15, 16] }]);
    expect(await mapLayers(page)).toEqual(['layer-week24', 'layer-spring']);
    await answerWith(page, 'How big is its range?', []);
    expect(await mapLayers(page)).toEqual(['layer-week24']);
    expect(await page.locator('.map-empty').textContent()).toBe(
      'This answer has no map; pinned layers stay.',
    );
    await page.screenshot({ path: resolve(ARTIFACTS, 'responsive-pinned-390.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone the newest answer scrolls into view below the map band, and earlier answers fold to their question', async () => {
    const { page, errors } = await open(PHONE);
    await askRecorded(page);
    await askRecorded(page);
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await askRecorded(page);
    const band = (await page.locator('.map-wrap').boundingBox())!;
    const bar = (await page.locator('.ask-form').boundingBox())!;
    const newest = (await page.locator('.turn').first().boundingBox())!;
    expect(newest.y).toBeGreaterThanOrEqual(band.y + band.height - 1);
    expect(newest.y).toBeLessThan(bar.y);
    expect(await page.locator('.turn').first().locator('.answer').isVisible()).toBe(true);
    const older = page.locator('.turn').nth(1);
    expect(await older.getAttribute('class')).toContain('turn-collapsed');
    expect(await older.locator('.answer').isHidden()).toBe(true);
    expect(await older.locator('.turn-question').isVisible()).toBe(true);
    await older.getByRole('button', { name: 'Show answer' }).click();
    expect(await older.locator('.answer').isVisible()).toBe(true);
    expect(await older.locator('.turn-collapse').getAttribute('aria-expanded')).toBe('true');
    await page.screenshot({ path: resolve(ARTIFACTS, 'responsive-phone-conversation.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keyboard: the first Tab shows a skip link; from it the week slider is two Tab presses away, with a visible focus ring', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, errors } = await open(viewport);
      // Asked without touching the page, so the first Tab starts at the top of the document.
      await page.evaluate((question) => (window as unknown as Harness).harness.app.ask(question), QUESTION);
      await page.locator('.turn-actions:not([hidden])').first().waitFor({ timeout: 30_000 });
      await settle(page);
      await page.keyboard.press('Tab');
      const skip = page.locator('.skip-link');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
      const box = (await skip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press('Enter');
      let presses = 0;
      while (presses < 6 && (await page.evaluate(() => document.activeElement?.id)) !== 'time-range') {
        await page.keyboard.press('Tab');
        presses++;
      }
      expect(presses).toBeLessThanOrEqual(2);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('time-range');
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe(
        'none',
      );
      await page.keyboard.press('ArrowRight');
      expect(await page.locator('.time-label').textContent()).toMatch(/^Week 17\b/);
      await page.screenshot({ path: resolve(ARTIFACTS, `responsive-keyboard-${viewport.width}.png`) });
      expect(errors).toEqual([]);
      await page.close();
    }
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
