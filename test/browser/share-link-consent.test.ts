import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type MockOpenAiServer, startMockOpenAiServer } from '../helpers/mock-openai-server';
import { browserAvailability } from './browser-context';
import { ARTIFACTS, type IntegratedApp, openApp, startIntegratedApp, turnEnded } from './integrated-app';

const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir)
  console.warn(
    'share-link-consent skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).',
  );

const KEY = 'AIza-share-link-test-key-0123456789';
const QUESTION = 'When does the Yellow-bellied Sapsucker peak in Michigan?';
const FOLLOW_UP = 'and in winter?';
const LINK_TARGET = 'https://ebird.example/science/status?ref=perch';
/** Long enough for a worker that would ask on its own to have sent its first request (a mock answers in milliseconds). */
const QUIET_MS = 2_000;

/** Opens Settings, fills what is given and saves (as page-actions.test.ts does). */
async function saveSettings(
  page: Page,
  settings: { kind: 'gemini' | 'openai'; baseUrl?: string; key?: string; remember?: boolean },
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

/** The user messages a chat-completions request carried. */
function userMessages(body: unknown): string[] {
  const messages = (body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  return messages.filter((message) => message.role === 'user').map((message) => String(message.content));
}

/**
 * Issue 13 (prompt-injection surface), on the built page with the real worker: a share link never
 * sends its questions to a paid model (it would spend the visitor's stored key) until the visitor
 * clicks "Ask with …"; the offline reader still answers a link at once. A model's link in an
 * answer shows where it goes and opens only from a second, confirming click.
 */
describe.skipIf(!availability.run || !dataDir)('share links and answer links need a click', () => {
  let app: IntegratedApp;
  let model: MockOpenAiServer;
  const gemini: { url: string; key?: string; body: string }[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    model = await startMockOpenAiServer(
      () => ({
        json: {
          id: 'chatcmpl-mock',
          object: 'chat.completion',
          model: 'mock-model',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: `It peaks in May. See [the eBird page](${LINK_TARGET}).`,
              },
              finish_reason: 'stop',
            },
          ],
        },
      }),
      { cors: true },
    );
    app = await startIntegratedApp(dataDir!);
    // Playwright's router sees the agent worker's fetches (page-actions.test.ts): it stands in for Gemini.
    await app.context.route('https://generativelanguage.googleapis.com/**', (route) => {
      const request = route.request();
      gemini.push({
        url: request.url(),
        key: request.headers()['x-goog-api-key'],
        body: request.postData() ?? '',
      });
      return route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hello from the mock Gemini.' }] }, finishReason: 'STOP' }] })}\r\n\r\n`,
      });
    });
    await app.context.route('https://ebird.example/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>target</title>' }),
    );
  });

  afterAll(async () => {
    await app?.close();
    await model?.close();
  });

  it('a Gemini share link with a remembered key fills the question and sends nothing until "Ask with Gemini" is clicked', async () => {
    const { page: setup } = await openApp(app);
    await saveSettings(setup, { kind: 'gemini', key: KEY, remember: true });
    await setup.close();
    // The settings page lists the key's models once its typing pauses (settings-dialog.ts): that
    // request is the visitor's own, from the page that is now closed, not the share link's.
    gemini.length = 0;

    const { page, errors } = await openApp(app, `?q=${encodeURIComponent(QUESTION)}&model=gemini`);
    const offer = page.locator('[data-alert=shared]');
    await offer.waitFor();
    await page.waitForTimeout(QUIET_MS);
    expect(gemini).toEqual([]);
    expect(await page.locator('.turns .turn').count()).toBe(0);
    expect(await page.locator('#question').inputValue()).toBe(QUESTION);
    expect(await offer.textContent()).toContain('nothing has been sent');
    await page.screenshot({ path: resolve(ARTIFACTS, 'share-link-offer.png') });

    await offer.getByRole('button', { name: 'Ask with Gemini' }).click();
    const turn = await turnEnded(page);
    expect(await turn.locator('.answer').textContent()).toContain('Hello from the mock Gemini.');
    expect(gemini.length).toBeGreaterThan(0);
    expect(gemini[0]!.key).toBe(KEY);
    expect(gemini[0]!.body).toContain(QUESTION);
    expect(await page.locator('[data-alert=shared]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("an OpenAI-compatible share link: the model's server sees no request until the click, then both questions in order", async () => {
    const { page: setup } = await openApp(app);
    await saveSettings(setup, { kind: 'openai', baseUrl: `${model.url}/v1`, remember: false });
    await setup.close();

    const sentBefore = model.requests.length;
    const { page, errors } = await openApp(
      app,
      `?q=${encodeURIComponent(QUESTION)}&q=${encodeURIComponent(FOLLOW_UP)}&model=openai`,
    );
    const offer = page.locator('[data-alert=shared]');
    await offer.waitFor();
    await page.waitForTimeout(QUIET_MS);
    expect(model.requests.length).toBe(sentBefore);
    expect(await offer.textContent()).toContain('its 2 questions');

    await offer.getByRole('button', { name: 'Ask with mock-model' }).click();
    await page.locator('.turns .turn').nth(1).waitFor({ timeout: 60_000 });
    await turnEnded(page);
    const asked = model.requests.slice(sentBefore).map((request) => userMessages(request.body).at(-1));
    expect(asked).toEqual([QUESTION, FOLLOW_UP]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a link in an answer shows its target; the first click opens nothing, the confirming link opens it in a new tab with no opener', async () => {
    const { page, errors } = await openApp(app, `?q=${encodeURIComponent(QUESTION)}&model=openai`);
    await page.locator('[data-alert=shared] button').click();
    const turn = await turnEnded(page);
    const link = turn.locator('.answer button.answer-link');
    expect(await link.textContent()).toBe('the eBird page (ebird.example/science/status?…)');
    expect(await turn.locator('.answer a[href]:visible').count()).toBe(0);

    const pagesBefore = app.context.pages().length;
    await link.click();
    await page.waitForTimeout(500);
    expect(app.context.pages().length).toBe(pagesBefore);
    const open = turn.locator('.answer a.answer-link-open');
    await open.waitFor();
    expect(await open.textContent()).toBe(`Open ${LINK_TARGET}`);
    expect(await open.getAttribute('href')).toBe(LINK_TARGET);
    expect(await open.getAttribute('target')).toBe('_blank');
    expect((await open.getAttribute('rel'))?.split(' ')).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer']),
    );
    await page.screenshot({ path: resolve(ARTIFACTS, 'answer-link-confirm.png') });

    const [popup] = await Promise.all([app.context.waitForEvent('page'), open.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(LINK_TARGET);
    expect(await popup.evaluate(() => window.opener === null && document.referrer === '')).toBe(true);
    await popup.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an offline share link still asks on open with no click (free, local) and reaches no model server', async () => {
    const sentBefore = model.requests.length;
    const geminiBefore = gemini.length;
    const { page, errors } = await openApp(app, `?q=${encodeURIComponent(QUESTION)}&model=offline`);
    const turn = await turnEnded(page);
    expect(await turn.locator('.answer').textContent()).toContain('0.654');
    expect(await page.locator('[data-alert=shared]').count()).toBe(0);
    expect(model.requests.length).toBe(sentBefore);
    expect(gemini.length).toBe(geminiBefore);
    expect(errors).toEqual([]);
    await page.close();
  });
});
