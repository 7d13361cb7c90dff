import { createBrowserEngine } from '../../engine/browser-engine';
import { isEngineError, previewRows, type PreviewValue, type Engine } from '../../engine';
import { timeRuns } from '../time-runs';

/**
 * The page the Chromium bench and browser test drive with `page.evaluate`: the real browser
 * engine (createBrowserEngine, wasm and worker from this origin) behind a few JSON-safe calls on
 * `window.perchEngine`. Times are taken here with performance.now(), so CDP round trips are not
 * counted.
 */
export type PageOutcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

export interface PageQueryResult {
  rows: number;
  bytesFetched: number;
  durationMs: number;
  preview: Record<string, PreviewValue>[];
}

export interface PerchEnginePage {
  /** Starts an engine over `fetchBase` (a folder with catalog.json); returns how long it took. */
  start(fetchBase: string): Promise<PageOutcome<{ startMs: number }>>;
  ensureLoaded(
    tables: string[],
  ): Promise<PageOutcome<{ rows: number; bytesFetched: number; durationMs: number }>>;
  query(sql: string, scope: string[], timeoutMs?: number): Promise<PageOutcome<PageQueryResult>>;
  /** One warm-up, then `runs` timed runs of `sql` (ms each). */
  time(sql: string, scope: string[], runs: number): Promise<PageOutcome<number[]>>;
  close(): Promise<PageOutcome<null>>;
}

declare global {
  interface Window {
    perchEngine: PerchEnginePage;
  }
}

let engine: Engine | null = null;

async function outcome<T>(task: () => Promise<T>): Promise<PageOutcome<T>> {
  try {
    return { ok: true, value: await task() };
  } catch (error) {
    if (isEngineError(error)) return { ok: false, code: error.code, message: error.message };
    return { ok: false, code: 'page_error', message: error instanceof Error ? error.message : String(error) };
  }
}

function current(): Engine {
  if (!engine) throw new Error('no engine: call start first');
  return engine;
}

window.perchEngine = {
  start: (fetchBase) =>
    outcome(async () => {
      await engine?.close();
      const started = performance.now();
      engine = await createBrowserEngine({ fetchBase });
      return { startMs: performance.now() - started };
    }),
  ensureLoaded: (tables) =>
    outcome(async () => {
      const started = performance.now();
      const report = await current().ensureLoaded(tables);
      return {
        rows: report.rows,
        bytesFetched: report.bytesFetched,
        durationMs: performance.now() - started,
      };
    }),
  query: (sql, scope, timeoutMs) =>
    outcome(async () => {
      const started = performance.now();
      const result = await current().query(sql, { scope, timeoutMs, maxRows: 100_000 });
      return {
        rows: result.rows,
        bytesFetched: result.bytesFetched,
        durationMs: performance.now() - started,
        preview: previewRows(result.table, 20),
      };
    }),
  time: (sql, scope, runs) =>
    outcome(() =>
      timeRuns(runs, () => current().query(sql, { scope, timeoutMs: 300_000, maxRows: 100_000 })),
    ),
  close: () =>
    outcome(async () => {
      await engine?.close();
      engine = null;
      return null;
    }),
};
document.getElementById('status')!.textContent = 'ready';
