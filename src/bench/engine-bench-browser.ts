import { chromiumVersion } from './build-bench-page';
import { openEngineBenchPage, unwrap } from './engine-bench-page';
import { ENGINE_BENCH_QUERIES, timing, type BenchQuery, type Timing } from './engine-bench-queries';

/**
 * Engine benchmark, Chromium half: the bench query set on DuckDB-WASM through the real browser
 * engine (createBrowserEngine in a Vite-built page), data served by a 127.0.0.1 static server with
 * range support. Per dataset: engine start + load of `weekly`, min/median of each query (one
 * warm-up, `runs` timed, timed inside the page), and the bytes each query fetches when it is the
 * first to touch the data (a fresh engine per query), as the engine reports them and as the
 * server counted them.
 */
export interface BrowserBenchOptions {
  /** Data folders holding catalog.json with a `weekly` table, by dataset name. */
  datasets: { name: string; dir: string }[];
  /** @default 5 */
  runs?: number;
  queries?: readonly BenchQuery[];
}

export interface BrowserQueryBench {
  dataset: string;
  query: string;
  ms: Timing;
  /** Bytes the engine says the query fetched on a fresh engine. */
  bytesFetched: number;
  /** Bytes the static server sent for that query. */
  serverBytes: number;
  serverRequests: number;
}

export interface BrowserEngineBenchReport {
  chromium: string;
  pageBuildMs: number;
  datasets: { name: string; rows: number; firstQueryMs: number; loadMs: number; bytesFetched: number }[];
  queries: BrowserQueryBench[];
  /** Requests that tried to leave 127.0.0.1 (aborted); empty when the page is self-contained. */
  offOrigin: string[];
}

export async function runBrowserEngineBench(options: BrowserBenchOptions): Promise<BrowserEngineBenchReport> {
  const runs = options.runs ?? 5;
  const queries = options.queries ?? ENGINE_BENCH_QUERIES;
  const browser = await openEngineBenchPage(
    Object.fromEntries(options.datasets.map((dataset, index) => [`d${index}`, dataset.dir])),
  );
  const report: BrowserEngineBenchReport = {
    chromium: chromiumVersion(),
    pageBuildMs: browser.buildMs,
    datasets: [],
    queries: [],
    offOrigin: browser.offOrigin,
  };
  try {
    for (const [index, dataset] of options.datasets.entries()) {
      const dataUrl = browser.dataUrl(`d${index}`);
      // Instantiating DuckDB-WASM happens on the engine's first call: time it apart from the load.
      unwrap(await browser.call('start', dataUrl), 'start');
      const first = unwrap(await browser.call('query', 'SELECT 1 AS one', [], 300_000), 'first query');
      const load = unwrap(await browser.call('ensureLoaded', ['weekly']), 'load weekly');
      report.datasets.push({
        name: dataset.name,
        rows: load.rows,
        firstQueryMs: first.durationMs,
        loadMs: load.durationMs,
        bytesFetched: load.bytesFetched,
      });
      for (const query of queries) {
        const times = unwrap(await browser.call('time', query.sql, ['weekly'], runs), query.name);
        report.queries.push({
          dataset: dataset.name,
          query: query.name,
          ms: timing(times),
          bytesFetched: 0,
          serverBytes: 0,
          serverRequests: 0,
        });
      }
      for (const query of queries) {
        unwrap(await browser.call('start', dataUrl), 'start');
        unwrap(await browser.call('query', 'SELECT 1 AS one', [], 300_000), 'first query');
        browser.server.resetStats();
        const result = unwrap(await browser.call('query', query.sql, ['weekly'], 300_000), query.name);
        const row = report.queries.find(
          (item) => item.dataset === dataset.name && item.query === query.name,
        )!;
        row.bytesFetched = result.bytesFetched;
        row.serverBytes = browser.server.stats.bytesSent;
        row.serverRequests = browser.server.stats.requests;
      }
      unwrap(await browser.call('close'), 'close');
    }
  } finally {
    await browser.close();
  }
  return report;
}
