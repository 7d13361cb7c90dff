import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startStaticServer, type StaticServer, type StaticServerOptions } from '../../test/static-server';
import { CHROMIUM_ARGS } from '../../test/browser/browser-context';
import type { PageOutcome, PerchEnginePage } from './browser/bench-page';
import { buildBenchPage, CHROMIUM_PATH } from './build-bench-page';

/**
 * Node side of the browser engine page (src/bench/browser/): builds it with Vite's `build` API
 * into a temp folder, serves it and the data folders from one 127.0.0.1 static server with range
 * support, and drives it in real Chromium through playwright-core. Every request the page or its
 * workers make is recorded; anything not on 127.0.0.1 is aborted and listed in `offOrigin`.
 */

const PAGE_ROOT = fileURLToPath(new URL('./browser/', import.meta.url));

/** Why Chromium cannot run here, or null when it can. */
export function chromiumMissingReason(): string | null {
  return existsSync(CHROMIUM_PATH)
    ? null
    : `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set PERCH_CHROMIUM)`;
}

export interface EngineBenchPage {
  page: Page;
  server: StaticServer;
  /** Base URL of a data folder given to `openEngineBenchPage`, ending in '/'. */
  dataUrl(name: string): string;
  /** Calls `window.perchEngine[method](...args)` in the page; an engine failure comes back as data. */
  call<K extends keyof PerchEnginePage>(
    method: K,
    ...args: Parameters<PerchEnginePage[K]>
  ): Promise<Awaited<ReturnType<PerchEnginePage[K]>>>;
  /** Every URL the browser requested (page, workers), in order. */
  requests: string[];
  /** Requests that tried to leave 127.0.0.1 (aborted). */
  offOrigin: string[];
  /** Console errors and page errors, for failure messages. */
  errors: string[];
  buildMs: number;
  /** Chromium's --user-data-dir: names the launched browser's processes (chromium-memory.ts). */
  profileDir: string;
  /**
   * A full garbage collection of the page's heap (the engine, hyparquet and Arrow run there), so a
   * memory reading counts what is kept, not what V8 has not collected yet.
   */
  collectGarbage(): Promise<void>;
  close(): Promise<void>;
}

export interface EngineBenchPageOptions {
  /** How the one server answers ranges (e.g. `{ranges: false}` for a host without them). */
  server?: StaticServerOptions;
  /** Another page folder with an index.html that sets #status to 'ready' (e.g. attach-browser/). @default browser/ */
  pageRoot?: string;
}

export async function openEngineBenchPage(
  dataDirs: Record<string, string>,
  options: EngineBenchPageOptions = {},
): Promise<EngineBenchPage> {
  const missing = chromiumMissingReason();
  if (missing) throw new Error(`browser_missing: ${missing}`);
  const site = await mkdtemp(join(tmpdir(), 'perch-engine-page-'));
  let server: StaticServer | null = null;
  let context: BrowserContext | null = null;
  const cleanup = async () => {
    await context?.close().catch(() => {});
    await server?.close();
    await rm(site, { recursive: true, force: true });
  };
  try {
    const started = performance.now();
    await buildBenchPage(options.pageRoot ?? PAGE_ROOT, join(site, 'page'));
    const buildMs = performance.now() - started;
    await mkdir(join(site, 'data'));
    for (const [name, dir] of Object.entries(dataDirs))
      await symlink(resolve(dir), join(site, 'data', name), 'dir');
    server = await startStaticServer(site, options.server);
    const origin = new URL(server.url).origin;
    context = await chromium.launchPersistentContext(join(site, 'profile'), {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const requests: string[] = [];
    const offOrigin: string[] = [];
    const errors: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    await context.route(
      (url) => url.origin !== origin,
      (route) => {
        offOrigin.push(route.request().url());
        return route.abort();
      },
    );
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}page/index.html`);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready', undefined, {
      timeout: 30_000,
    });
    const base = server.url;
    return {
      page,
      server,
      dataUrl: (name) => `${base}data/${name}/`,
      call: (method, ...args) =>
        page.evaluate(
          ([name, values]) =>
            (window.perchEngine[name] as (...rest: unknown[]) => Promise<PageOutcome<unknown>>)(...values),
          [method, args] as const,
        ) as never,
      requests,
      offOrigin,
      errors,
      buildMs,
      profileDir: join(site, 'profile'),
      collectGarbage: async () => {
        const session = await page.context().newCDPSession(page);
        try {
          await session.send('HeapProfiler.collectGarbage');
        } finally {
          await session.detach();
        }
      },
      close: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The value of a page outcome, or an Error carrying its code and message. */
export function unwrap<T>(outcome: PageOutcome<T>, what: string): T {
  if (!outcome.ok) throw new Error(`${what}: ${outcome.message}`);
  return outcome.value;
}
