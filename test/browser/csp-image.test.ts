import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { browserAvailability, launchChromium } from './browser-context';
import { buildSite, serveSwappable, TURN_DONE } from './offline-site-build';

const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts');
const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir)
  console.warn(
    'csp-image skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).',
  );
const IMAGE = '![x](https://example.invalid/p.png)';
const ANSWER = `Here is a picture of the bird: ${IMAGE} and a [link](https://example.invalid/page).`;

/**
 * The real page, with its build-time CSP, talking to an OpenAI-compatible server on 127.0.0.1
 * (allowed by the default PERCH_CONNECT_SRC) that answers with a markdown image on a foreign host.
 */
describe.skipIf(!availability.run || !dataDir)('the page CSP and model-written images', () => {
  let context: BrowserContext;
  let site: Awaited<ReturnType<typeof serveSwappable>>;
  let model: { url: string; server: Server; posts: number };

  beforeAll(async () => {
    site = await serveSwappable(await buildSite('csp', dataDir!));
    model = await startModelServer(ANSWER);
    context = await launchChromium();
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await context?.close();
    site?.stop();
    model?.server.close();
  });

  it('an answer holding ![x](https://example.invalid/p.png) is shown as text and no request leaves for a foreign host', async () => {
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    const page = await context.newPage();
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(site.url);
    const policy =
      (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).toContain(
      "connect-src 'self' https://generativelanguage.googleapis.com http://localhost:* http://127.0.0.1:*;",
    );
    expect(policy).not.toContain("'unsafe-eval'");
    await page.locator('[data-health=release]').filter({ hasText: 'release' }).waitFor({ timeout: 60_000 });
    await page.evaluate((baseUrl) => {
      localStorage.setItem(
        'perch.settings',
        JSON.stringify({ kind: 'openai', openaiModel: 'mock-model', baseUrl, remember: true }),
      );
      localStorage.setItem('perch.keys', JSON.stringify({ gemini: '', openai: 'test-key-not-real' }));
    }, `${model.url}/v1`);
    await page.reload();
    await page.locator('[data-health=release]').filter({ hasText: 'release' }).waitFor({ timeout: 60_000 });
    await page.locator('#question').fill('Show me a picture');
    await page.locator('#question').press('Enter');
    await page.locator(TURN_DONE).first().waitFor({ timeout: 60_000 });
    const answer = page.locator('.turn .answer').first();
    expect(await answer.textContent()).toContain(IMAGE);
    expect(
      await page
        .locator('img')
        .evaluateAll((images) =>
          images.map((image) => (image as HTMLImageElement).src).filter((src) => !src.startsWith('data:')),
        ),
    ).toEqual([]);
    expect(model.posts).toBeGreaterThan(0);

    const foreign = requested.filter(
      (url) => new URL(url).hostname !== '127.0.0.1' && !url.startsWith('data:'),
    );
    expect(foreign).toEqual([]);
    await page.screenshot({ path: resolve(ARTIFACTS, 'csp-image-answer.png') });

    // The CSP itself, not only the renderer: an <img> put on a foreign host by hand is refused
    // before it reaches the network (Playwright still reports the attempt, failed by the CSP).
    const failures: string[] = [];
    page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
    const violation = await page.evaluate(
      () =>
        new Promise<string>((done) => {
          document.addEventListener(
            'securitypolicyviolation',
            (event) => done(`${event.violatedDirective} ${event.blockedURI}`),
            { once: true },
          );
          const image = document.createElement('img');
          image.src = 'https://example.invalid/injected.png';
          document.body.append(image);
          setTimeout(() => done('no violation'), 2000);
        }),
    );
    expect(violation).toBe('img-src https://example.invalid/injected.png');
    await expect.poll(() => failures).toEqual(['https://example.invalid/injected.png csp']);

    // The meta CSP does not reach workers in Chromium; the agent worker enforces connect-src itself.
    const agentWorker = page.workers().find((worker) => /entry/.test(worker.url()));
    expect(
      agentWorker,
      `agent worker among ${page
        .workers()
        .map((worker) => worker.url())
        .join(', ')}`,
    ).toBeDefined();
    const blocked = await agentWorker!.evaluate(() =>
      fetch('https://example.invalid/x.csv').then(
        () => 'sent',
        (error: { code?: string }) => error.code ?? String(error),
      ),
    );
    expect(blocked).toBe('connect_blocked');
    const allowed = await agentWorker!.evaluate(() =>
      fetch(new URL('../data/catalog.json', self.location.href)).then(
        (response) => response.status,
        (error: Error) => error.message,
      ),
    );
    expect(allowed).toBe(200);
    await page.close();
  });
});

/** An OpenAI-compatible chat endpoint with CORS (the page calls it cross-origin) that always says `answer`. */
async function startModelServer(answer: string): Promise<{ url: string; server: Server; posts: number }> {
  const state = { url: '', server: undefined as unknown as Server, posts: 0 };
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-allow-methods': 'POST, OPTIONS',
  };
  state.server = createServer((request, response) => {
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    request.resume();
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions'))
        return void response.writeHead(404, cors).end();
      state.posts++;
      response.writeHead(200, { ...cors, 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((done) => state.server.listen(0, '127.0.0.1', done));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}
