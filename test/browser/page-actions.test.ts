import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MockOpenAiServer } from '../helpers/mock-openai-server';
import { browserAvailability } from './browser-context';
import { ARTIFACTS, ask, type IntegratedApp, openApp, startIntegratedApp, turnEnded } from './integrated-app';
import { startScriptedOpenAi } from './scripted-openai';

const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir)
  console.warn(
    'page-actions skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).',
  );

const CSV = 'site,count\nnorth,3\nsouth,5\neast,8\n';
const KEY = 'sk-perch-test-4f9c2a';
const SLOW = 'Run the slow query';
const READ_ADDED = 'Sum the counts I added';
/** ~4·10¹⁰ rows: runs far longer than any test, so only a cancel ends it. */
const SLOW_SQL = 'SELECT sum(a.range * b.range) AS total FROM range(200000) AS a, range(200000) AS b';

/** A CSV host on 127.0.0.1 answering CORS, counting the GETs of each path. */
async function startCsvServer(): Promise<{ url: string; gets: () => number; server: Server }> {
  let gets = 0;
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    if (request.url !== '/extra.csv') return void response.writeHead(404).end();
    if (request.method === 'GET') gets++;
    response.writeHead(200, { 'content-type': 'text/csv', 'content-length': Buffer.byteLength(CSV) });
    response.end(request.method === 'HEAD' ? undefined : CSV);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/extra.csv`,
    gets: () => gets,
    server,
  };
}

/** Opens Settings, fills what is given and saves. */
async function saveSettings(
  page: Page,
  settings: { kind: 'offline' | 'gemini' | 'openai'; baseUrl?: string; key?: string; remember?: boolean },
): Promise<void> {
  await page.locator('.header-actions button', { hasText: 'Settings' }).click();
  await page.locator(`#model-kind-${settings.kind}`).check();
  if (settings.baseUrl !== undefined) await page.locator('#openai-base-url').fill(settings.baseUrl);
  if (settings.kind === 'openai') await page.locator('#openai-model').fill('mock-model');
  if (settings.key !== undefined)
    await page.locator(settings.kind === 'gemini' ? '#gemini-key' : '#openai-key').fill(settings.key);
  if (settings.remember !== undefined) await page.locator('#remember-key').setChecked(settings.remember);
  await page.locator('.settings-dialog button[type=submit]').click();
  await page.locator('.settings-dialog').waitFor({ state: 'hidden' });
}

async function storage(page: Page): Promise<{ local: string; session: string }> {
  return page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));
}

/** Asks the slow question, waits until its run_sql is running, stops it with `stop`; returns ms from stop to the turn's end. */
async function stopSlowQuery(page: Page, stop: () => Promise<void>): Promise<number> {
  await ask(page, SLOW);
  const turn = page.locator('.turns .turn').first();
  await turn.locator('.trace-item .trace-status.running').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForTimeout(500);
  const started = Date.now();
  await stop();
  await turn.locator('.turn-error:not([hidden])').waitFor({ timeout: 10_000 });
  const elapsed = Date.now() - started;
  expect(await turn.locator('.turn-error.turn-stopped .error-code').textContent()).toBe('turn_stopped');
  expect(await page.locator('.ask-form button[type=submit]').isDisabled()).toBe(false);
  return elapsed;
}

/** Approvals, Stop and the API key, on the built page with the real worker, engine and registry. */
describe.skipIf(!availability.run || !dataDir)('built page: approvals, stop and keys', () => {
  let app: IntegratedApp;
  let csv: Awaited<ReturnType<typeof startCsvServer>>;
  let model: MockOpenAiServer;
  const requestUrls: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    csv = await startCsvServer();
    model = await startScriptedOpenAi([
      { question: SLOW, tool: 'run_sql', arguments: { sql: SLOW_SQL, purpose: 'a deliberately slow query' } },
      {
        question: READ_ADDED,
        tool: 'run_sql',
        arguments: { sql: 'SELECT sum("count") AS total FROM my_counts', purpose: 'sum the added counts' },
      },
    ]);
    app = await startIntegratedApp(dataDir!);
    app.context.on('request', (request) => requestUrls.push(request.url()));
  });

  afterAll(async () => {
    await app?.close();
    await model?.close();
    csv?.server.close();
  });

  it('a proposal shows the exact arguments; Deny records a denial and fetches nothing; Approve runs it once and the table is in scope and queryable', async () => {
    const { page, errors } = await openApp(app);
    const question = `Add the dataset at ${csv.url} as my_counts`;
    await ask(page, question);
    await turnEnded(page);
    const first = page.locator('.approval-card').first();
    await first.waitFor();
    expect(JSON.parse((await first.locator('pre').textContent())!)).toEqual({
      url: csv.url,
      name: 'my_counts',
    });
    expect(await page.locator('#tab-approvals').getAttribute('aria-selected')).toBe('true');
    await first.locator('button', { hasText: 'Deny' }).click();
    await page.locator('.approval-card[data-status=denied]').waitFor();
    expect(csv.gets()).toBe(0);
    await page.locator('#tab-audit').click();
    await page.locator('#audit-outcome').selectOption('denied');
    expect(await page.locator('.audit-table tbody tr td:nth-child(2)').allTextContents()).toEqual([
      'add_dataset_from_url',
    ]);
    await page.locator('#audit-outcome').selectOption('');

    await ask(page, question);
    await turnEnded(page);
    const second = page.locator('.approval-card[data-status=pending]');
    await second.waitFor();
    await page.screenshot({ path: resolve(ARTIFACTS, 'page-07-approval-card.png') });
    await second.locator('button', { hasText: 'Approve' }).click();
    await page.locator('.approval-card[data-status=approved]').waitFor();
    expect(csv.gets()).toBe(1);
    expect(
      await page.locator('.approval-card[data-status=approved] button', { hasText: 'Approve' }).isDisabled(),
    ).toBe(true);
    await page.locator('#tab-audit').click();
    await page.locator('#audit-outcome').selectOption('approved');
    expect(await page.locator('.audit-table tbody tr td:nth-child(2)').allTextContents()).toEqual([
      'add_dataset_from_url',
    ]);

    await page.locator('.header-actions button', { hasText: 'Data scope' }).click();
    expect(await page.locator('#scope-my_counts').isChecked()).toBe(true);
    await page.locator('.scope-dialog button', { hasText: 'Cancel' }).click();

    // A model reads the new table through the registry: the sum of the CSV's counts comes back.
    await saveSettings(page, { kind: 'openai', baseUrl: `${model.url}/v1` });
    await ask(page, READ_ADDED);
    const read = await turnEnded(page);
    expect(await read.locator('.answer').textContent()).toContain('"total":16');
    await saveSettings(page, { kind: 'offline' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Stop and Esc cancel a slow query within 2 s, and the next question (offline) answers', async () => {
    const { page, errors } = await openApp(app);
    await saveSettings(page, { kind: 'openai', baseUrl: `${model.url}/v1` });
    const byButton = await stopSlowQuery(page, () => page.locator('.ask-buttons button.danger').click());
    await page.screenshot({ path: resolve(ARTIFACTS, 'page-09-stopped-turn.png') });
    const byEscape = await stopSlowQuery(page, () => page.keyboard.press('Escape'));
    console.log(`[page-actions] Stop ended the turn in ${byButton} ms, Esc in ${byEscape} ms`);
    expect(byButton).toBeLessThan(2_000);
    expect(byEscape).toBeLessThan(2_000);
    await page.locator('#tab-audit').click();
    await page.locator('#audit-outcome').selectOption('cancelled');
    expect(await page.locator('.audit-table tbody tr td:nth-child(2)').allTextContents()).toEqual([
      'run_sql',
      'run_sql',
    ]);

    await saveSettings(page, { kind: 'offline' });
    await ask(page, 'When does the Yellow-bellied Sapsucker peak in Michigan?');
    const next = await turnEnded(page);
    expect(await next.locator('.answer').textContent()).toContain('0.654');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the key stays out of localStorage unless "remember" is ticked, and out of every request URL', async () => {
    const { page, errors } = await openApp(app);
    await saveSettings(page, { kind: 'openai', baseUrl: `${model.url}/v1`, key: KEY, remember: false });
    let stored = await storage(page);
    expect(stored.local).not.toContain(KEY);
    expect(stored.session).toContain(KEY);
    const sent = model.requests.length;
    await ask(page, 'Hello');
    await turnEnded(page);
    const calls = model.requests.slice(sent);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);

    await page.locator('.header-actions button', { hasText: 'Settings' }).click();
    await page.locator('#remember-key').check();
    await page.locator('.settings-dialog').screenshot({ path: resolve(ARTIFACTS, 'page-08-settings.png') });
    await page.locator('.settings-dialog button[type=submit]').click();
    expect((await storage(page)).local).toContain(KEY);
    await saveSettings(page, { kind: 'openai', remember: false });
    stored = await storage(page);
    expect(stored.local).not.toContain(KEY);

    // Gemini has no base URL setting, so its endpoint is answered by Playwright's router (which sees the agent worker's fetches).
    const gemini: { url: string; key?: string }[] = [];
    await app.context.route('https://generativelanguage.googleapis.com/**', (route) => {
      gemini.push({ url: route.request().url(), key: route.request().headers()['x-goog-api-key'] });
      return route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hello from the mock Gemini.' }] }, finishReason: 'STOP' }] })}\r\n\r\n`,
      });
    });
    await saveSettings(page, { kind: 'gemini', key: KEY, remember: false });
    stored = await storage(page);
    expect(stored.local).not.toContain(KEY);
    expect(stored.session).toContain(KEY);
    await ask(page, 'Hello');
    const greeted = await turnEnded(page);
    expect(await greeted.locator('.answer').textContent()).toContain('Hello from the mock Gemini.');
    expect(gemini.length).toBeGreaterThan(0);
    expect(gemini.every((request) => request.key === KEY && !request.url.includes(KEY))).toBe(true);

    expect(requestUrls.length).toBeGreaterThan(0);
    expect(requestUrls.filter((url) => url.includes(KEY))).toEqual([]);
    expect(model.requests.filter((request) => request.url.includes(KEY))).toEqual([]);
    await saveSettings(page, { kind: 'offline' });
    expect(errors).toEqual([]);
    await page.close();
  });
});
