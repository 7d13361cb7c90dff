import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import type { BrowserContext, Page } from 'playwright-core';
import { browserAvailability, launchChromium } from './browser-context';
import { LISTED_GEMINI_MODELS } from './fake-agent-host';
import { DEFAULT_GEMINI_MODEL } from '../../src/models/gemini-model-names';
import { startHarnessDevServer } from './harness-dev-server';

const ROOT = resolve(import.meta.dirname, '../..');
const ARTIFACTS = resolve(ROOT, 'test-artifacts');
const KEY = 'AIzaSyD-harness-key-0123456789abcdefghi';
const availability = browserAvailability();

/** A phone held upright and a laptop: the Settings dialog and the answer cards must work on both. */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1400, height: 900 },
] as const;

/**
 * Issue 14, the page side of Gemini with a real key, in real Chromium on the UI harness (the real
 * app on a fake agent host): Settings lists the models the key can use, the thinking level
 * reaches the worker, and each Gemini answer shows the tokens it cost and the conversation's sum.
 */
describe.skipIf(!availability.run)('Gemini settings and token counts in Chromium', () => {
  let server: ViteDevServer;
  let baseUrl: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    ({ server, baseUrl } = await startHarnessDevServer());
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  for (const viewport of VIEWPORTS) {
    describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
      let context: BrowserContext;
      const requestedUrls: string[] = [];
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: resolve(ARTIFACTS, `settings-gemini-${viewport.name}-${name}.png`) });

      beforeAll(async () => {
        context = await launchChromium({ width: viewport.width, height: viewport.height });
        context.on('request', (request) => requestedUrls.push(request.url()));
        // The dev server transforms the app (deck.gl, Plot…) on first load: measured 20–60 s on 2 busy cores. Pay it once, here.
        const warm = await context.newPage();
        await warm.goto(`${baseUrl}test/browser/ui-harness.html`);
        await warm.waitForFunction(() => 'harness' in window, undefined, { timeout: 150_000 });
        await warm.close();
      }, 180_000);

      afterAll(async () => {
        await context?.close();
      });

      /** The harness page; `stored`: settings and a session key already saved, as a returning visitor has them. */
      async function open(stored?: {
        settings: Record<string, unknown>;
        key: string;
      }): Promise<{ page: Page; errors: string[] }> {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${baseUrl}test/browser/ui-harness.html`);
        await page.evaluate((stored) => {
          localStorage.clear();
          sessionStorage.clear();
          if (!stored) return;
          localStorage.setItem('perch.settings', JSON.stringify(stored.settings));
          sessionStorage.setItem('perch.keys', JSON.stringify({ gemini: stored.key, openai: '' }));
        }, stored);
        await page.reload();
        await page.waitForFunction(() => 'harness' in window, undefined, { timeout: 60_000 });
        await page.evaluate(() => (window as unknown as Harness).harness.app.ready);
        return { page, errors };
      }

      const openSettings = (page: Page) => page.getByRole('button', { name: /^Settings/ }).click();
      const optionTexts = (page: Page) => page.locator('#gemini-model option').allTextContents();

      it('with a key, Settings lists the models it can use, the default marked; a stored model it is not served is named so and the default is chosen', async () => {
        const { page, errors } = await open({
          settings: { kind: 'gemini', geminiModel: 'gemini-3.6-flash' },
          key: KEY,
        });
        await openSettings(page);
        await expect.poll(() => optionTexts(page)).toHaveLength(LISTED_GEMINI_MODELS.length + 1);
        const texts = await optionTexts(page);
        expect(texts).toEqual([
          'Gemini 3.8 Flash (default)',
          'Gemini 3.8 Flash-Lite',
          'Gemini 3.7 Pro',
          'gemini-3.6-flash — not served for this key',
        ]);
        expect(
          await page
            .locator('#gemini-model option')
            .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
        ).toEqual([DEFAULT_GEMINI_MODEL, 'gemini-3.8-flash-lite', 'gemini-3.7-pro', 'gemini-3.6-flash']);
        expect(await page.locator('#gemini-model').inputValue()).toBe(DEFAULT_GEMINI_MODEL);
        expect(await page.locator('#gemini-models-status').textContent()).toBe(
          `3 models can answer with this key. gemini-3.6-flash is not served for this key, so ${DEFAULT_GEMINI_MODEL} is chosen.`,
        );
        // One request, for Gemini, carrying the key to the worker (and no further: no URL holds it).
        const listings = await requestsOf(page, ['models']);
        expect(listings).toEqual([
          {
            type: 'models',
            model: { kind: 'gemini', apiKey: KEY, model: 'gemini-3.6-flash', thinkingLevel: 'low' },
          },
        ]);
        await expectInsideDialog(page, ['#gemini-model', '#gemini-load-models', '#gemini-thinking']);
        await shot(page, '1-models');
        // Saving keeps the default the dialog chose; reopening asks Google nothing new.
        await page.getByRole('button', { name: 'Save' }).click();
        expect(
          JSON.parse((await page.evaluate(() => localStorage.getItem('perch.settings')))!),
        ).toMatchObject({ kind: 'gemini', geminiModel: DEFAULT_GEMINI_MODEL, geminiThinking: 'low' });
        await openSettings(page);
        expect(await page.locator('#gemini-model').inputValue()).toBe(DEFAULT_GEMINI_MODEL);
        expect(await requestsOf(page, ['models'])).toHaveLength(1);
        expect(requestedUrls.filter((url) => url.includes(KEY))).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      });

      it('typing a key loads the list once, after the last keystroke', async () => {
        const { page } = await open();
        await openSettings(page);
        await page.locator('#model-kind-gemini').check();
        expect(await page.locator('#gemini-models-status').textContent()).toBe(
          'Paste your key to see the models it can use.',
        );
        await page.locator('#gemini-key').pressSequentially(KEY, { delay: 15 });
        await expect.poll(() => optionTexts(page)).toHaveLength(LISTED_GEMINI_MODELS.length);
        await page.waitForTimeout(900); // longer than the debounce: no late second request
        const listings = await requestsOf(page, ['models']);
        expect(listings.map((request) => (request.model as { apiKey: string }).apiKey)).toEqual([KEY]);
        expect((await optionTexts(page)).filter((text) => text.endsWith('(default)'))).toEqual([
          'Gemini 3.8 Flash (default)',
        ]);
        await page.close();
      });

      it('a refused key or no connection is said in words in the dialog, the key and model stay, and Load models tries again', async () => {
        const { page } = await open({
          settings: { kind: 'gemini', geminiModel: 'gemini-3.7-pro' },
          key: KEY,
        });
        await page.evaluate(() => {
          (window as unknown as Harness).harness.control.modelsError = {
            code: 'model_auth',
            message:
              'model_auth: Gemini refused the API key (400 INVALID_ARGUMENT: API key not valid. Please pass a valid API key.). Check the key in Settings and try again.',
          };
        });
        await openSettings(page);
        const status = page.locator('#gemini-models-status');
        await expect
          .poll(() => status.textContent())
          .toMatch(/^Could not list the models: Gemini refused the API key/);
        expect(await status.evaluate((node) => node.classList.contains('models-problem'))).toBe(true);
        expect(await page.locator('#gemini-key').inputValue()).toBe(KEY);
        expect(await page.locator('#gemini-model').inputValue()).toBe('gemini-3.7-pro');
        await shot(page, '2-models-error');
        await page.evaluate(() => {
          (window as unknown as Harness).harness.control.modelsError = {
            code: 'model_network',
            message:
              'model_network: could not reach Gemini (Failed to fetch). Check the connection and ask again.',
          };
        });
        await page.locator('#gemini-load-models').click();
        await expect
          .poll(() => status.textContent())
          .toMatch(/^Could not list the models: Could not reach Gemini/);
        await page.evaluate(() => delete (window as unknown as Harness).harness.control.modelsError);
        await page.locator('#gemini-load-models').click();
        await expect.poll(() => optionTexts(page)).toHaveLength(LISTED_GEMINI_MODELS.length);
        // The stored model is listed this time, so it stays chosen.
        expect(await page.locator('#gemini-model').inputValue()).toBe('gemini-3.7-pro');
        expect(await status.textContent()).toBe('3 models can answer with this key.');
        expect(await requestsOf(page, ['models'])).toHaveLength(3);
        await page.close();
      });

      it('a picked thinking level and model are sent in the next question’s model settings, and kept', async () => {
        const { page } = await open({ settings: { kind: 'gemini' }, key: KEY });
        await openSettings(page);
        expect(await page.locator('#gemini-thinking').inputValue()).toBe('low');
        expect(await page.locator('#gemini-thinking option:checked').textContent()).toBe('Low (default)');
        await expect.poll(() => optionTexts(page)).toHaveLength(LISTED_GEMINI_MODELS.length);
        await page.locator('#gemini-model').selectOption('gemini-3.8-flash-lite');
        await page.locator('#gemini-thinking').selectOption('high');
        await shot(page, '3-thinking');
        await page.getByRole('button', { name: 'Save' }).click();
        await ask(page, 'When does the Yellow-bellied Sapsucker peak in Michigan?');
        await openSettings(page);
        await page.locator('#gemini-thinking').selectOption('minimal');
        await page.getByRole('button', { name: 'Save' }).click();
        await ask(page, 'And in June?');
        const asks = await requestsOf(page, ['ask']);
        expect(asks.map((request) => request.model)).toEqual([
          { kind: 'gemini', apiKey: KEY, model: 'gemini-3.8-flash-lite', thinkingLevel: 'high' },
          { kind: 'gemini', apiKey: KEY, model: 'gemini-3.8-flash-lite', thinkingLevel: 'minimal' },
        ]);
        expect(
          JSON.parse((await page.evaluate(() => localStorage.getItem('perch.settings')))!),
        ).toMatchObject({ geminiModel: 'gemini-3.8-flash-lite', geminiThinking: 'minimal' });
        await page.close();
      });

      it('each Gemini answer shows its tokens and the conversation’s running sum, under the answer and in the trace; offline answers show none', async () => {
        const { page, errors } = await open({ settings: { kind: 'gemini' }, key: KEY });
        const first = { input: 1_000, output: 200, thoughts: 34, total: 1_234 };
        const second = { input: 4_100, output: 300, thoughts: 44, total: 4_444 };
        await page.evaluate(
          (usage) => ((window as unknown as Harness).harness.control.usage = usage),
          [first, second],
        );
        await ask(page, 'When does the Yellow-bellied Sapsucker peak in Michigan?');
        const newest = page.locator('.turn').first();
        expect(await newest.locator('.turn-usage').textContent()).toBe(
          '1,234 tokens (this conversation: 1,234)',
        );
        await ask(page, 'And in June?');
        // 1,234 + 4,444 = 5,678; input 1,000 + 4,100, output 200 + 300, thinking 34 + 44.
        expect(await newest.locator('.turn-usage').textContent()).toBe(
          '4,444 tokens (this conversation: 5,678)',
        );
        expect(await page.locator('.turn').nth(1).locator('.turn-usage').textContent()).toBe(
          '1,234 tokens (this conversation: 1,234)',
        );
        await newest.locator('.trace > summary').click();
        expect(await newest.locator('.trace > summary').textContent()).toBe(
          'How this was answered · 4 tool calls in 3 steps · 4,444 tokens',
        );
        expect(await newest.locator('.trace-usage-turn').textContent()).toBe(
          'This answer: input 4,100 · output 300 · thinking 44 · total 4,444',
        );
        expect(await newest.locator('.trace-usage-conversation').textContent()).toBe(
          'This conversation: input 5,100 · output 500 · thinking 78 · total 5,678',
        );
        await newest.locator('.trace-usage').scrollIntoViewIfNeeded();
        await shot(page, '4-tokens');
        // The offline model reports no usage: no line, and the sum is untouched.
        await openSettings(page);
        await page.locator('#model-kind-offline').check();
        await page.getByRole('button', { name: 'Save' }).click();
        await ask(page, 'When does the Yellow-bellied Sapsucker peak in Michigan?');
        expect(await newest.locator('.turn-model').textContent()).toBe('offline');
        expect(await newest.locator('.turn-usage').isHidden()).toBe(true);
        expect(await newest.locator('.trace-usage').count()).toBe(0);
        expect(errors).toEqual([]);
        await page.close();
      });

      it('an answer that was cut off is marked as such on its card and in its trace', async () => {
        const { page } = await open({ settings: { kind: 'gemini' }, key: KEY });
        await page.evaluate(() => {
          const { control, app } = (window as unknown as Harness).harness;
          control.mode = 'hold';
          app.ask('When is the peak?');
          const turnId = control.requests.filter((request) => request.type === 'ask').at(-1)!
            .turnId as string;
          const answer =
            'The peak is in wee\n\n(The answer was cut off — the model stopped with MAX_TOKENS, so it is not complete. Ask again, or pick a model with a larger output in Settings.)';
          control.emit({ type: 'text-delta', turnId, text: answer });
          control.emit({
            type: 'turn-end',
            turnId,
            summary: {
              question: 'When is the peak?',
              answer,
              modelId: 'gemini:gemini-3.8-flash',
              calls: [],
              provenance: [],
              steps: 1,
              usage: { input: 900, output: 8192, thoughts: 0, total: 9092 },
              incomplete: { reason: 'MAX_TOKENS' },
            },
          });
        });
        const card = page.locator('.turn').first();
        await card.locator('.turn-actions:not([hidden])').waitFor();
        expect(await card.evaluate((node) => node.classList.contains('turn-incomplete'))).toBe(true);
        expect(await card.locator('.badge-cut-off').textContent()).toBe('cut off');
        expect(await card.locator('.badge-cut-off').isVisible()).toBe(true);
        expect(await card.locator('.trace > summary').textContent()).toBe(
          'How this was answered · 0 tool calls in 0 steps · 9,092 tokens · cut off',
        );
        expect(await card.locator('.turn-usage').textContent()).toBe(
          '9,092 tokens (this conversation: 9,092)',
        );
        await card.locator('.trace > summary').click();
        expect(await card.locator('.trace-incomplete').textContent()).toContain('MAX_TOKENS');
        await shot(page, '5-cut-off');
        await page.close();
      });
    });
  }

  async function ask(page: Page, question: string) {
    const before = await page.locator('.turn-actions:not([hidden])').count();
    await page.locator('#question').fill(question);
    await page.locator('#question').press('Enter');
    await expect
      .poll(() => page.locator('.turn-actions:not([hidden])').count(), { timeout: 30_000 })
      .toBe(before + 1);
  }
});

interface Harness {
  harness: {
    app: { ready: Promise<void>; ask(question: string): void };
    control: {
      mode: 'recorded' | 'hold';
      requests: Record<string, unknown>[];
      emit(event: unknown): void;
      usage: unknown[];
      modelsError?: { code: string; message: string };
    };
  };
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

/** Each control lies inside the open dialog's box, so nothing is cut off on a narrow screen. */
async function expectInsideDialog(page: Page, selectors: string[]) {
  const dialog = (await page.locator('dialog[open]').boundingBox())!;
  expect(dialog.x).toBeGreaterThanOrEqual(0);
  expect(dialog.x + dialog.width).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5);
  expect(
    await page.locator('dialog[open]').evaluate((node) => node.scrollWidth - node.clientWidth),
    'horizontal overflow',
  ).toBe(0);
  for (const selector of selectors) {
    const box = (await page.locator(selector).boundingBox())!;
    expect(box.x, selector).toBeGreaterThanOrEqual(dialog.x);
    expect(box.x + box.width, selector).toBeLessThanOrEqual(dialog.x + dialog.width + 0.5);
  }
}
