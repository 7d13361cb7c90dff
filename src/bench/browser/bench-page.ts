import { createBrowserEngine } from '../../engine/browser-engine';
import {
  isEngineError,
  previewRows,
  type Engine,
  type LoadProgressEvent,
  type PreviewValue,
  type QueryLimits,
} from '../../engine';
import { rankSpecies } from '../../tools/support/resolve-species';
import type { PerchContext } from '../../tools/support/tool-context';
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
  /** `limits` as the tools pass them (e.g. maxRows 2,000,000 for a map); maxRows 100,000 when absent. */
  query(
    sql: string,
    scope: string[],
    timeoutMs?: number,
    limits?: Partial<Pick<QueryLimits, 'maxRows' | 'maxBytes'>>,
  ): Promise<PageOutcome<PageQueryResult>>;
  /** Load events the engine pushed since the last call (what each query made it read). */
  takeLoadEvents(): Promise<PageOutcome<LoadProgressEvent[]>>;
  /** Fetches `url` once, then times `runs` JSON.parse calls of its text (ms each). */
  parseJson(
    url: string,
    runs: number,
  ): Promise<PageOutcome<{ bytes: number; fetchMs: number; parseMs: number[] }>>;
  /**
   * The find_species tool's lookup (rankSpecies: the species query, then the fuzzy ranking) for
   * `text`, `runs` times on the current engine; the first run loads `species` when nothing has.
   */
  findSpecies(
    text: string,
    runs: number,
  ): Promise<PageOutcome<{ ms: number[]; bytesFetched: number; candidates: string[] }>>;
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
let loadEvents: LoadProgressEvent[] = [];

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
      loadEvents = [];
      engine = await createBrowserEngine({ fetchBase, onProgress: (event) => loadEvents.push(event) });
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
  query: (sql, scope, timeoutMs, limits) =>
    outcome(async () => {
      const started = performance.now();
      const result = await current().query(sql, { scope, timeoutMs, maxRows: 100_000, ...limits });
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
  takeLoadEvents: () =>
    outcome(async () => {
      const events = loadEvents;
      loadEvents = [];
      return events;
    }),
  parseJson: (url, runs) =>
    outcome(async () => {
      const started = performance.now();
      const text = await (await fetch(url)).text();
      const fetchMs = performance.now() - started;
      const parseMs: number[] = [];
      for (let run = 0; run < runs; run++) {
        const begun = performance.now();
        JSON.parse(text);
        parseMs.push(performance.now() - begun);
      }
      return { bytes: new TextEncoder().encode(text).byteLength, fetchMs, parseMs };
    }),
  findSpecies: (text, runs) =>
    outcome(async () => {
      // Only what rankSpecies reads: the engine and a session whose scope holds `species`.
      const context = {
        services: { engine: current() },
        session: { id: 'bench', datasets: Object.keys(current().catalog.tables) },
        signal: new AbortController().signal,
        attach: () => {},
        callId: 'bench',
      } satisfies PerchContext;
      const ms: number[] = [];
      let bytesFetched = 0;
      let candidates: string[] = [];
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const ranked = await rankSpecies(context, text, 5, 'all');
        ms.push(performance.now() - started);
        if ('code' in ranked) throw new Error(ranked.message);
        bytesFetched += ranked.query.bytesFetched;
        candidates = ranked.candidates.map((candidate) => candidate.species_code);
      }
      return { ms, bytesFetched, candidates };
    }),
  close: () =>
    outcome(async () => {
      await engine?.close();
      engine = null;
      return null;
    }),
};
document.getElementById('status')!.textContent = 'ready';
