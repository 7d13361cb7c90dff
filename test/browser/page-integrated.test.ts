import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readPublicQuestions } from '../helpers/public-questions';
import { browserAvailability } from './browser-context';
import {
  ARTIFACTS,
  ask,
  type IntegratedApp,
  longTasks,
  mapFrameCount,
  mapSettled,
  openApp,
  startIntegratedApp,
  turnEnded,
} from './integrated-app';
import { startScriptProfiler } from './cpu-profile';
import { middleOf, regionStats } from './pixels';
import { scoreAnswer } from '../../src/bench/score-answer';
import { formatFigure } from '../../src/models/offline/format-figure';
import { dayMonth } from '../../src/ui/layer-data';

const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir)
  console.warn(
    'page-integrated skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).',
  );
// Read only when the test can run (it also needs the data), so a clone without ../shared loads this file.
const question1 = (availability.run && dataDir
  ? readPublicQuestions('page-integrated')?.questions[0]
  : undefined) as unknown as {
  question: string;
  figures: { peak_week: string; peak_mean: number; peak_sum: number };
};
/** A follow-up whose answer draws no map (a season comparison: a bar chart of four seasons, no cells). */
const SEASON_QUESTION = 'In which season is it most common in Michigan?';

/** The built page (`vite build`, BASE=/perch/) with the real agent worker, engine and offline agent, on the real example data. */
describe.skipIf(!availability.run || !dataDir || !question1)(
  'built page, public question 1 with the offline agent',
  () => {
    let app: IntegratedApp;
    let page: Page;
    let helper: Page;
    let errors: string[];

    beforeAll(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      app = await startIntegratedApp(dataDir!);
      helper = await app.context.newPage();
    });

    afterAll(async () => {
      await app?.close();
    });

    it('answers with the reference figures, draws the weekly layer over Michigan and fits to it, draws the chart, traces every call and audits each once', async () => {
      ({ page, errors } = await openApp(app));
      const map = await middleOf(page, '.map-view');
      await mapSettled(page);
      const before = await page.screenshot({ path: resolve(ARTIFACTS, 'page-01-start.png') });

      const asked = await page.evaluate(() => performance.now());
      const profiler = await startScriptProfiler(page);
      await ask(page, question1.question);
      const turn = await turnEnded(page);
      const answer = (await turn.locator('.answer').textContent()) ?? '';
      // Every reference figure within the public file's 1% (answers write three significant digits).
      expect(
        scoreAnswer(answer, { figures: question1.figures, tolerance: 'relative 1% on every figure' }).filter(
          (check) => !check.found,
        ),
        answer,
      ).toEqual([]);
      expect(answer).toContain(dayMonth(question1.figures.peak_week));
      // How the question was read is shown once, as chips above the answer (the real reader's reading), not again in the text.
      expect(await turn.locator('.turn-reading').textContent()).toContain('when highest');
      expect(answer).not.toContain('I read this as');
      const linked = await turn.locator('.answer button.figure').allTextContents();
      expect(linked).toContain(formatFigure(question1.figures.peak_mean));
      // Caveats are quoted from the tools ("a standard eBird checklist (2 km, 1 h)"): none of their numbers is a linked figure.
      const quoting = turn.locator('.answer p, .answer li').filter({ hasText: '2 km, 1 h' });
      expect(await quoting.count()).toBeGreaterThan(0);
      expect(await quoting.locator('button.figure').count()).toBe(0);
      expect(linked).not.toContain('1');

      const tools = await turn.locator('.trace-item .trace-tool').allTextContents();
      expect(tools).toEqual([...Array(5).fill('data_vocabulary'), 'query_status']);
      expect(await page.locator('.layer-item .layer-name').allTextContents()).toEqual([
        'Yellow-bellied Sapsucker: weekly abundance, Michigan',
      ]);
      expect(await page.locator('.chart-figure svg').count()).toBeGreaterThan(0);

      await page.waitForFunction(() =>
        performance
          .getEntriesByName('perch:layer-upload')
          .some((entry) => (entry as PerformanceMeasure).detail?.layer !== 'basemap'),
      );
      await mapSettled(page);
      const { tasks, uploads } = await longTasks(page, asked);
      const scripting = await profiler.stop(tasks);
      console.log(
        `[page-integrated] long tasks during question 1 (adds the first weekly layer): ${tasks.map((task, index) => `${Math.round(task.duration)} ms (scripting ${Math.round(scripting[index]!)} ms${overlaps(task, uploads) ? ', in the layer upload' : ''})`).join('; ') || 'none'}`,
      );
      // Long tasks are printed, not asserted: speed goals live in `npm run bench -- --only map` (long tasks per
      // upload and slider step, min/median); as an assertion the 50 ms scripting budget failed under CI load
      // (1,383 ms tasks with the machine's 2 cores shared).
      const after = await page.screenshot({ path: resolve(ARTIFACTS, 'page-02-answer-map.png') });
      const start = await regionStats(helper, before, map);
      const drawn = await regionStats(helper, after, map, before);
      console.log(
        `[page-integrated] map middle: saturated ${(start.saturated * 100).toFixed(1)}% before, ${(drawn.saturated * 100).toFixed(1)}% after; ${(drawn.changed! * 100).toFixed(1)}% of pixels changed`,
      );
      // Before: only the grey-beige basemap. After: fitted to Michigan, the layer's orange ramp fills the middle of the map.
      expect(start.saturated).toBeLessThan(0.01);
      expect(drawn.saturated).toBeGreaterThan(0.08);
      expect(drawn.changed).toBeGreaterThan(0.3);
      // The map opens at the layer's busiest week, the reference peak week.
      expect(await page.locator('.time-label').textContent()).toContain(
        dayMonth(question1.figures.peak_week),
      );

      await page.locator('.tabs [role=tab]', { hasText: 'Chart' }).click();
      await page.locator('.stage').screenshot({ path: resolve(ARTIFACTS, 'page-03-chart.png') });
      await page.locator('#tab-audit').click();
      const calls = await turn.locator('.trace-item').count();
      expect(await page.locator('.audit-table tbody tr').count()).toBe(calls);
      expect(await page.locator('.audit-table tbody tr td:nth-child(2)').allTextContents()).toEqual(tools);
      await page.screenshot({ path: resolve(ARTIFACTS, 'page-05-audit.png') });
      expect(errors).toEqual([]);
    });

    it('the time slider changes what the map shows: the peak week and a winter week differ where the layer is', async () => {
      const map = await middleOf(page, '.map-view');
      const slider = page.locator('#time-range');
      await slider.fill('15');
      await mapSettled(page);
      expect(await page.locator('.time-label').textContent()).toBe('Week 16 · 19 April');
      const peak = await page.screenshot();
      const frames = await mapFrameCount(page);
      const stepped = await page.evaluate(() => performance.now());
      const profiler = await startScriptProfiler(page);
      await slider.fill('1');
      await mapSettled(page, frames);
      const { tasks } = await longTasks(page, stepped);
      const scripting = await profiler.stop(tasks);
      console.log(
        `[page-integrated] long tasks after one slider step: ${tasks.map((task, index) => `${Math.round(task.duration)} ms (scripting ${Math.round(scripting[index]!)} ms)`).join('; ') || 'none'}`,
      );
      expect(await page.locator('.time-label').textContent()).toBe('Week 2 · 11 January');
      const winter = await page.screenshot({ path: resolve(ARTIFACTS, 'page-06-slider-week2.png') });
      const stats = await regionStats(helper, winter, map, peak);
      console.log(
        `[page-integrated] week 2 vs week 16: ${(stats.changed! * 100).toFixed(1)}% of the map middle changed; saturated ${(stats.saturated * 100).toFixed(1)}% in week 2`,
      );
      expect(stats.changed).toBeGreaterThan(0.1);
      expect(errors).toEqual([]);
    });

    it(`a share link asks question 1; a follow-up answer with no new layer uploads none`, async () => {
      const { page: shared, errors: sharedErrors } = await openApp(
        app,
        `?q=${encodeURIComponent(question1.question)}&model=offline`,
      );
      const first = await turnEnded(shared);
      expect(await first.locator('.turn-question').textContent()).toBe(question1.question);
      expect(await first.locator('.answer').textContent()).toContain(
        formatFigure(question1.figures.peak_mean),
      );
      await shared.waitForFunction(() => performance.getEntriesByName('perch:layer-upload').length >= 2);
      await mapSettled(shared);
      const firstAnswer = await longTasks(shared);
      const from = await shared.evaluate(() => performance.now());
      const profiler = await startScriptProfiler(shared);

      await ask(shared, SEASON_QUESTION);
      const second = await turnEnded(shared);
      expect(await second.locator('.answer').textContent()).toMatch(/most common|most numerous/);
      await shared.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      const { tasks, uploads } = await longTasks(shared, from);
      const scripting = await profiler.stop(tasks);
      const format = (list: { duration: number }[]) =>
        list.map((task) => Math.round(task.duration)).join(', ') || 'none';
      console.log(
        `[page-integrated] long tasks, page load + question 1 (basemap and first layer upload included): ${format(firstAnswer.tasks)} ms; upload windows: ${firstAnswer.uploads.map((upload) => `${upload.layer} ${Math.round(upload.end - upload.start)} ms`).join(', ')}`,
      );
      console.log(
        `[page-integrated] long tasks during the season answer (no new layer): ${tasks.map((task, index) => `${Math.round(task.duration)} ms (scripting ${Math.round(scripting[index]!)} ms)`).join('; ') || 'none'}`,
      );
      expect(uploads.filter((upload) => upload.start >= from)).toEqual([]);
      expect(sharedErrors).toEqual([]);
      await shared.close();
    });
  },
);

/** Whether a long task overlaps one of the page's layer-upload windows (from handing a layer to deck.gl to the first frame drawn with it). */
function overlaps(
  task: { start: number; duration: number },
  uploads: readonly { start: number; end: number }[],
): boolean {
  return uploads.some((upload) => task.start < upload.end && task.start + task.duration > upload.start);
}
