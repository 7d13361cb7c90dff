import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissingReason,
  openEngineBenchPage,
  unwrap,
  type EngineBenchPage,
} from '../../src/bench/engine-bench-page';

/**
 * createBrowserEngine in real Chromium: the bench page (src/bench/browser/) built with Vite, served
 * with the example data from a 127.0.0.1 range server. Chromium missing → skipped with the reason,
 * or FAILED when PERCH_REQUIRE_BROWSER=1 (CI). PERCH_TEST_DATA missing → skipped with the reason.
 */
const SLOW_SQL = 'SELECT sum(a.range * b.range) AS s FROM range(100000) a, range(100000) b';
const chromiumMissing = chromiumMissingReason();
const dataDir = process.env.PERCH_TEST_DATA;
const required = process.env.PERCH_REQUIRE_BROWSER === '1';
const skipReason =
  chromiumMissing && !required ? chromiumMissing : !dataDir ? 'PERCH_TEST_DATA is not set' : null;
if (skipReason) console.warn(`engine-browser: skipped: ${skipReason}`);

(skipReason ? describe.skip : describe)(
  `createBrowserEngine in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let browser: EngineBenchPage;
    beforeAll(async () => {
      // With PERCH_REQUIRE_BROWSER=1 a missing Chromium throws here ("browser_missing: …") and fails the test.
      browser = await openEngineBenchPage({ example: dataDir! });
    });
    afterAll(async () => browser?.close());

    it('loads the example, matches the GDAL week-24 mean, cancels a slow query within 1 s of its deadline, and never leaves 127.0.0.1', async () => {
      unwrap(await browser.call('start', browser.dataUrl('example')), 'start');
      const mean = unwrap(
        await browser.call(
          'query',
          "SELECT avg(abundance) AS mean, count(abundance) AS cells FROM weekly WHERE species_code = 'yebsap' AND week = 24",
          ['weekly'],
        ),
        'week-24 query',
      );
      expect(mean.preview[0].mean as number).toBeCloseTo(0.2308954, 6);
      expect(mean.preview[0].cells).toBe(293);
      expect(mean.bytesFetched).toBeGreaterThan(0);

      // The week-24 mean came from the columnar path; this one (no FROM) needs DuckDB, so DuckDB
      // is up before the slow query's clock starts: the bound below is about stopping, not starting.
      unwrap(await browser.call('query', 'SELECT 1 AS up', []), 'DuckDB up');
      const started = Date.now();
      const slow = await browser.call('query', SLOW_SQL, [], 1_000);
      const elapsed = Date.now() - started;
      expect(slow).toMatchObject({ ok: false, code: 'timeout' });
      expect(elapsed).toBeLessThan(2_000);
      const next = unwrap(
        await browser.call('query', 'SELECT 41 + 1 AS answer', []),
        'query after the cancel',
      );
      expect(next.preview).toEqual([{ answer: 42 }]);

      const origin = new URL(browser.server.url).origin;
      expect(browser.offOrigin).toEqual([]);
      expect(browser.requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      // The DuckDB worker script and wasm were requested from our origin (and seen, so worker requests are observed).
      expect(
        browser.requests.some((url) => /\/page\/assets\/duckdb-browser-eh\.worker[^/]*\.js$/.test(url)),
      ).toBe(true);
      expect(browser.requests.some((url) => /\/page\/assets\/duckdb-eh[^/]*\.wasm$/.test(url))).toBe(true);
      expect(browser.requests.some((url) => /\/data\/example\/weekly\/[^/]+\.parquet$/.test(url))).toBe(true);
      expect(browser.errors).toEqual([]);
    });
  },
);
