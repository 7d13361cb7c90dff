import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import type { BrowserContext, Page } from 'playwright-core';
import { browserAvailability, launchChromium } from './browser-context';
import { DEFAULT_GEMINI_MODEL } from '../../src/models/gemini-model-names';
import { startHarnessDevServer } from './harness-dev-server';

const ROOT = resolve(import.meta.dirname, '../..');
const ARTIFACTS = resolve(ROOT, 'test-artifacts');
const QUESTION = 'When does the Yellow-bellied Sapsucker peak in Michigan?';
const availability = browserAvailability();

/**
 * The page's components in real Chromium, on the harness page (test/browser/ui-harness.html):
 * the real app on a fake agent host that plays recorded events. Served under a sub-path.
 */
describe.skipIf(!availability.run)('ui harness in Chromium', () => {
  let server: ViteDevServer;
  let context: BrowserContext;
  let baseUrl: string;
  const requestedUrls: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    ({ server, baseUrl } = await startHarnessDevServer());
    context = await launchChromium();
    context.on('request', (request) => requestedUrls.push(request.url()));
    await context.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      Object.assign(window, { longTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
  });

  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  async function open(query = ''): Promise<Page> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}test/browser/ui-harness.html${query}`);
    await page.waitForFunction(() => 'harness' in window, undefined, { timeout: 60_000 });
    await page.evaluate(() => (window as unknown as Harness).harness.app.ready);
    await settleMap(page);
    expect(errors).toEqual([]);
    return page;
  }

  async function settleMap(page: Page) {
    await page.evaluate(async () => {
      await (window as unknown as Harness).harness.app.mapRendered();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  }

  async function askAndWait(page: Page, question: string) {
    await page.locator('#question').fill(question);
    await page.locator('#question').press('Enter');
    await page.locator('.turn-actions:not([hidden])').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(400); // the fit-to-data transition lasts 300 ms
    await settleMap(page);
  }

  it('the first screen shows the basemap, suggestions from the catalog, attribution and the simulated badge', async () => {
    const page = await open();
    await expect.poll(() => page.locator('.suggestion').allTextContents()).toContain(QUESTION);
    expect(await page.locator('.attribution').textContent()).toContain('eBird Status and Trends');
    // The harness catalog has a simulated table, but it is not in the session's scope.
    expect(await page.locator('.badge-simulated').first().isHidden()).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, 'ui-01-start.png') });
    await page.close();
  });

  it('a stored Gemini model that Google shut down is replaced by the default on load, with a one-line note, and the next question asks the default', async () => {
    const page = await open();
    await page.evaluate(() => {
      localStorage.setItem(
        'perch.settings',
        JSON.stringify({ kind: 'gemini', geminiModel: 'gemini-2.5-flash', remember: true }),
      );
      localStorage.setItem('perch.keys', JSON.stringify({ gemini: 'AIza-TEST-KEY-migrate', openai: '' }));
    });
    await page.reload();
    await page.waitForFunction(() => 'harness' in window, undefined, { timeout: 60_000 });
    await page.evaluate(() => (window as unknown as Harness).harness.app.ready);
    const note = page.locator('[data-alert=model]');
    await note.waitFor({ timeout: 10_000 });
    expect(await note.textContent()).toContain(
      `gemini-2.5-flash has been shut down by Google, so Perch now uses ${DEFAULT_GEMINI_MODEL}`,
    );
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('perch.settings')))!)).toMatchObject({
      geminiModel: DEFAULT_GEMINI_MODEL,
    });
    await page.evaluate(() => ((window as unknown as Harness).harness.control.mode = 'hold'));
    await page.locator('#question').fill('q');
    await page.locator('#question').press('Enter');
    await expect
      .poll(async () => (await requestsOf(page, ['ask']))[0]?.model)
      .toMatchObject({ kind: 'gemini', model: DEFAULT_GEMINI_MODEL });
    await page.screenshot({ path: resolve(ARTIFACTS, 'ui-00-model-migrated.png') });
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it('asking question 1 streams the answer, draws the layer and chart, lists the trace, SQL and audit rows', async () => {
    const page = await open();
    const before = await page.locator('.map-wrap').screenshot();
    const askStart = await page.evaluate(() => performance.now());
    await askAndWait(page, QUESTION);
    const after = await page.locator('.map-wrap').screenshot();
    await page.screenshot({ path: resolve(ARTIFACTS, 'ui-02-answer.png') });

    const turn = page.locator('.turn').first();
    // Traced figures are shown with three significant digits (src/ui/shown-figure.ts); the model wrote 0.6543 and 191.71.
    expect(await turn.locator('.answer').textContent()).toContain('0.654');
    expect(await turn.locator('.answer button.figure').allTextContents()).toEqual([
      '2023-04-19',
      '0.654',
      '192',
    ]);
    expect(await turn.locator('.answer button.figure[data-figure="0.6543"]').count()).toBe(1);
    expect(await turn.locator('.trace-item').count()).toBe(4);
    expect(await turn.locator('.trace-status.ok').count()).toBe(4);
    expect(await page.locator('.layer-item').count()).toBe(1);
    expect(await page.locator('.chart-figure svg').count()).toBeGreaterThan(0);
    expect(await page.locator('#tab-chart').getAttribute('aria-selected')).toBe('true');

    const changed = await diffPixels(page, before, after);
    expect(changed.count).toBeGreaterThan(2_000);

    await page.locator('#tab-sql').click();
    expect(await page.locator('.sql-item').count()).toBe(2);
    await page.locator('#tab-audit').click();
    expect(await page.locator('.audit-table tbody tr').count()).toBe(4);
    await page.locator('#audit-search').fill('run_sql');
    expect(await page.locator('.audit-table tbody tr').count()).toBe(1);
    await page.locator('#tab-data').click();
    expect(await page.locator('.data-title').textContent()).toContain('52 rows');
    await page.evaluate(() => {
      const { control, fixtures } = (window as unknown as Harness).harness;
      control.emit({ type: 'payload-add', turnId: 'x', payload: fixtures.weeklyTable(20_000) });
    });
    expect(await page.locator('.data-title').textContent()).toContain('20,000 rows');
    // Virtualised: only the rows in view (plus overscan) are in the DOM.
    expect(await page.locator('.data-row').count()).toBeLessThan(60);
    await page.locator('.data-scroller').evaluate((node) => (node.scrollTop = 30 * 10_000));
    await expect
      .poll(() => page.locator('.data-row').first().getAttribute('aria-rowindex'))
      .toMatch(/^99\d\d$/);
    await page.screenshot({ path: resolve(ARTIFACTS, 'ui-03-data-tab.png') });

    console.log(`long tasks during the answer (ms): ${JSON.stringify(await longTasksSince(page, askStart))}`);
    await page.close();
  });

  it('exports: CSV from Data, SVG and PNG from Chart, JSON lines from Audit', async () => {
    const page = await open();
    await askAndWait(page, QUESTION);
    const save = async (click: () => Promise<void>) => {
      const [download] = await Promise.all([page.waitForEvent('download'), click()]);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
    };
    const svg = await save(() => page.getByRole('button', { name: 'Download SVG' }).click());
    expect(svg.name).toBe('mean-relative-abundance-in-michigan-by-week.svg');
    expect(svg.bytes.toString()).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const png = await save(() => page.getByRole('button', { name: 'Download PNG' }).click());
    expect([...png.bytes.subarray(1, 4)].map((code) => String.fromCharCode(code)).join('')).toBe('PNG');
    await page.locator('#tab-data').click();
    const csv = await save(() => page.getByRole('button', { name: 'Download CSV' }).click());
    const lines = csv.bytes.toString().split('\r\n');
    // The chart's rows (the answer drew a chart), not the run_sql table that came before it.
    const chart = await page.evaluate(
      () => (window as unknown as Harness).harness.fixtures.weeklyChart().columns,
    );
    expect(lines[0]).toBe('week,date,mean_abundance');
    expect(lines.slice(1, 53)).toEqual(
      chart.week!.map((week, index) => `${week},${chart.date![index]},${chart.mean_abundance![index]}`),
    );
    expect(lines).toHaveLength(54);
    await page.locator('#tab-audit').click();
    const jsonl = await save(() => page.getByRole('button', { name: 'Export JSON lines' }).click());
    expect(
      jsonl.bytes
        .toString()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).call_id),
    ).toEqual(['c1', 'c2', 'c3', 'c4']);
    await page.close();
  });

  it('clicking a figure opens the trace at the call that produced it', async () => {
    const page = await open();
    await askAndWait(page, QUESTION);
    await page.locator('.answer button.figure', { hasText: '0.654' }).click();
    const item = page.locator('.trace-item.highlight');
    expect(await item.getAttribute('data-call-id')).toBe('c2');
    expect(await item.locator('details').getAttribute('open')).not.toBeNull();
    expect(await item.locator('.trace-sql').textContent()).toContain('FROM weekly');
    await page.close();
  });

  it('the time slider changes the map and moves the chart cursor', async () => {
    const page = await open();
    await askAndWait(page, QUESTION);
    const slider = page.locator('#time-range');
    await slider.focus();
    await slider.press('Home');
    await settleMap(page);
    const stepsStart = await page.evaluate(() => performance.now());
    for (let step = 0; step < 3; step++) {
      await slider.press('ArrowRight');
      await settleMap(page);
    }
    expect(await page.locator('.time-label').textContent()).toBe('Week 4 · 25 January');
    console.log(
      `long tasks during 3 slider steps (ms): ${JSON.stringify(await longTasksSince(page, stepsStart))}`,
    );
    await slider.press('Home');
    await settleMap(page);
    const week1 = await page.locator('.map-wrap').screenshot();
    const cursor1 = await page.locator('.chart-figure .time-cursor line').first().getAttribute('x1');
    await slider.fill('15'); // index 15 = week 16
    await settleMap(page);
    expect(await page.locator('.time-label').textContent()).toBe('Week 16 · 19 April');
    const week16 = await page.locator('.map-wrap').screenshot();
    const cursor16 = await page.locator('.chart-figure .time-cursor line').first().getAttribute('x1');
    await page.screenshot({ path: resolve(ARTIFACTS, 'ui-04-week16.png') });
    expect((await diffPixels(page, week1, week16)).count).toBeGreaterThan(1_000);
    expect(Number(cursor16)).toBeGreaterThan(Number(cursor1));
    await page.close();
  });

  it('model-written images and HTML are shown as text and never requested', async () => {
    const page = await open();
    const pixel = `${baseUrl}pixel.png`;
    await page.evaluate(
      ({ pixel }) => {
        const { control } = (window as unknown as Harness).harness;
        control.mode = 'hold';
        (window as unknown as Harness).harness.app.ask('Show me a picture');
        const turnId = control.requests.at(-1)!.turnId as string;
        control.emit({
          type: 'text-delta',
          turnId,
          text: `Look: ![bird](${pixel}) and <img src="${pixel}?html" onerror="window.pwned=1"> and [bad](javascript:window.pwned=1)`,
        });
        control.emit({
          type: 'turn-end',
          turnId,
          summary: {
            question: 'Show me a picture',
            answer: '',
            modelId: 'offline',
            calls: [],
            provenance: [],
            steps: 1,
          },
        });
      },
      { pixel },
    );
    await page.waitForTimeout(300);
    const answer = page.locator('.turn').first().locator('.answer');
    expect(await answer.locator('img').count()).toBe(0);
    expect(await answer.locator('a').count()).toBe(0);
    expect(await answer.textContent()).toContain(`![bird](${pixel})`);
    expect(requestedUrls.filter((url) => url.includes('pixel.png'))).toEqual([]);
    expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
    await page.close();
  });

  it('an approval card shows the exact arguments; Deny and Approve send one request each', async () => {
    const page = await open();
    await page.evaluate(() => {
      const { control } = (window as unknown as Harness).harness;
      const card = (id: string) => ({
        id,
        tool: 'fetch_dataset',
        call_id: `call-${id}`,
        session_id: 's1',
        arguments: { species: 'amerob', products: ['weekly'] },
        digest: 'd',
        summary: {
          title: 'Fetch American Robin weekly data',
          effects: ['download 2.1 MB from the data folder', 'add table weekly_amerob to this session'],
        },
        created_at: '2026-11-30T05:40:00Z',
        expires_at: '2099-01-01T00:00:00Z',
        status: 'pending' as const,
      });
      control.emit({ type: 'approval-need', turnId: 't', card: card('card-deny') });
      control.emit({ type: 'approval-need', turnId: 't', card: card('card-approve') });
    });
    expect(await page.locator('#tab-approvals .tab-badge').textContent()).toBe('2');
    const denyCard = page.locator('[data-card-id="card-deny"]');
    expect(await denyCard.locator('pre').textContent()).toContain('"species": "amerob"');
    await page.screenshot({ path: resolve(ARTIFACTS, 'ui-05-approvals.png') });
    await denyCard.getByRole('button', { name: 'Deny' }).click();
    await expect.poll(() => denyCard.getAttribute('data-status')).toBe('denied');
    const approveCard = page.locator('[data-card-id="card-approve"]');
    await approveCard.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => approveCard.getAttribute('data-status')).toBe('approved');
    expect(await approveCard.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    const decisions = await requestsOf(page, ['approve', 'deny']);
    expect(decisions).toEqual([
      { type: 'deny', cardId: 'card-deny' },
      { type: 'approve', cardId: 'card-approve', arguments: { species: 'amerob', products: ['weekly'] } },
    ]);
    await page.locator('#tab-audit').click();
    expect(await page.locator('.audit-table .pill').allTextContents()).toEqual(['denied', 'approved']);
    await page.close();
  });

  it('Esc stops a slow turn, and the next question works', async () => {
    const page = await open();
    await page.evaluate(() => ((window as unknown as Harness).harness.control.mode = 'hold'));
    await page.locator('#question').fill('A slow question');
    await page.locator('#question').press('Enter');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.turn-error:not([hidden])').first().waitFor();
    expect(await page.locator('.turn-error').first().textContent()).toContain('cancelled');
    expect(await page.getByRole('button', { name: 'Stop' }).isHidden()).toBe(true);
    const stops = await requestsOf(page, ['stop']);
    expect(stops).toHaveLength(1);
    await page.evaluate(() => ((window as unknown as Harness).harness.control.mode = 'recorded'));
    await askAndWait(page, QUESTION);
    // The page shows the recorded 0.6543 to three significant digits.
    expect(await page.locator('.turn').first().locator('.answer').textContent()).toContain('0.654');
    await page.close();
  });

  it('ask_user choices are buttons that ask the choice next', async () => {
    const page = await open();
    await page.evaluate(() => {
      const { control, app } = (window as unknown as Harness).harness;
      control.mode = 'hold';
      app.ask('Where is the sapsucker?');
      const turnId = control.requests.at(-1)!.turnId as string;
      control.emit({
        type: 'question-ask',
        turnId,
        question: 'Which season?',
        options: ['Breeding', 'Non-breeding'],
      });
      control.emit({
        type: 'turn-end',
        turnId,
        summary: {
          question: 'Where is the sapsucker?',
          answer: 'Which season do you mean?',
          modelId: 'offline',
          calls: [],
          provenance: [],
          steps: 1,
        },
      });
    });
    await page.getByRole('button', { name: 'Breeding', exact: true }).click();
    const asks = await requestsOf(page, ['ask']);
    expect(asks.map((request) => request.question)).toEqual(['Where is the sapsucker?', 'Breeding']);
    await page.close();
  });

  it('Replay turn sends the recorded calls with no model', async () => {
    const page = await open();
    await askAndWait(page, QUESTION);
    await page.getByRole('button', { name: 'Replay turn' }).click();
    await expect.poll(async () => (await requestsOf(page, ['turn-replay'])).length).toBe(1);
    const [replay] = await requestsOf(page, ['turn-replay']);
    expect(replay).toMatchObject({
      question: QUESTION,
      calls: [
        { callId: 'c1', name: 'search_datasets' },
        { callId: 'c2', name: 'run_sql' },
      ],
    });
    await page.close();
  });

  it('the key stays out of localStorage unless remember is ticked, and out of every URL', async () => {
    const page = await open();
    const key = 'AIza-TEST-KEY-do-not-store';
    const setKey = async (remember: boolean) => {
      await page.getByRole('button', { name: /^Settings/ }).click();
      await page.locator('#model-kind-gemini').check();
      await page.locator('#gemini-key').fill(key);
      await page.locator('#remember-key').setChecked(remember);
      await page.getByRole('button', { name: 'Save' }).click();
    };
    await setKey(false);
    const stored = await page.evaluate(() => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
    }));
    expect(stored.local).not.toContain(key);
    expect(stored.session).toContain(key);
    await page.evaluate(() => ((window as unknown as Harness).harness.control.mode = 'hold'));
    await page.locator('#question').fill('q');
    await page.locator('#question').press('Enter');
    const [asked] = await requestsOf(page, ['ask']);
    expect(asked.model).toEqual({
      kind: 'gemini',
      apiKey: key,
      model: DEFAULT_GEMINI_MODEL,
      thinkingLevel: 'low',
    });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: resolve(ARTIFACTS, 'ui-06-settings-saved.png') });
    await setKey(true);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toContain(key);
    await setKey(false);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(key);
    expect(requestedUrls.filter((url) => url.includes(key))).toEqual([]);
    // The persistent profile is shared by later tests: go back to the offline default.
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it('a share link asks its question on open, under the sub-path', async () => {
    const page = await open(`?q=${encodeURIComponent(QUESTION)}&model=offline`);
    await page.locator('.turn-actions:not([hidden])').first().waitFor({ timeout: 30_000 });
    const [asked] = await requestsOf(page, ['ask']);
    expect(asked).toMatchObject({ question: QUESTION, model: { kind: 'offline' } });
    const link = await page.evaluate(() => document.querySelector('.turn-actions')?.textContent);
    expect(link).toContain('Copy share link');
    await page.close();
  });

  it('keyboard only: tabs move with arrow keys and the dialogs open and close', async () => {
    const page = await open();
    await page.locator('#tab-chart').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-data');
    expect(await page.locator('#panel-data').isVisible()).toBe(true);
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-approvals');
    await page.getByRole('button', { name: 'Data scope' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('.scope-dialog').isVisible()).toBe(true);
    await page.screenshot({ path: resolve(ARTIFACTS, 'ui-07-scope.png') });
    await page.keyboard.press('Escape');
    expect(await page.locator('.scope-dialog').isVisible()).toBe(false);
    await page.close();
  });

  it('axe-core finds no serious or critical violations after an answer', async () => {
    const page = await open();
    await askAndWait(page, QUESTION);
    await page.addScriptTag({ path: resolve(ROOT, 'node_modules/axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const result = await (
        window as unknown as {
          axe: {
            run(
              context: unknown,
              options: unknown,
            ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      }));
    });
    console.log(`axe violations: ${JSON.stringify(violations)}`);
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    ).toEqual([]);
    await page.close();
  });
});

interface Harness {
  harness: {
    app: { ready: Promise<void>; mapRendered(): Promise<void>; ask(question: string): void };
    control: { mode: 'recorded' | 'hold'; requests: Record<string, unknown>[]; emit(event: unknown): void };
    fixtures: {
      weeklyTable(rows: number): unknown;
      weeklyChart(): { columns: Record<string, (number | string | null)[]> };
    };
  };
}

async function longTasksSince(page: Page, start: number): Promise<number[]> {
  return page.evaluate(
    (start) =>
      (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks
        .filter((task) => task.start >= start)
        .map((task) => Math.round(task.duration)),
    start,
  );
}

async function requestsOf(page: Page, types: string[]): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    (types) =>
      (window as unknown as Harness).harness.control.requests.filter((request) =>
        types.includes(String(request.type)),
      ),
    types,
  );
}

/** Decodes two PNG screenshots in the page and counts pixels that differ by more than a little. */
async function diffPixels(page: Page, a: Buffer, b: Buffer): Promise<{ count: number }> {
  return page.evaluate(
    async ([first, second]) => {
      const decode = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [x, y] = await Promise.all([decode(first), decode(second)]);
      let count = 0;
      for (let index = 0; index < Math.min(x.length, y.length); index += 4) {
        if (
          Math.abs(x[index] - y[index]) +
            Math.abs(x[index + 1] - y[index + 1]) +
            Math.abs(x[index + 2] - y[index + 2]) >
          24
        )
          count++;
      }
      return { count };
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}
