import type { StaticServerOptions } from '../../test/static-server';
import type { LoadProgressEvent } from '../engine';
import type { PageOutcome } from './browser/bench-page';
import { chromiumMemory, type ChromiumMemory } from './chromium-memory';
import { openEngineBenchPage, unwrap, type EngineBenchPage } from './engine-bench-page';
import { timing, type Timing } from './engine-bench-queries';
import type { ScaleQuestion } from './scale-questions';

/**
 * The scale bench's Chromium half on one host: a fresh Chromium on the bench page, one browser
 * engine (createBrowserEngine) over the site, then catalog.json, a species lookup, the 20
 * questions in order (each loads lazily whatever the engine decides: the page never calls
 * ensureLoaded) and the mix 10 more times on the same engine, with browser memory after every
 * question and every round.
 *
 * A guard stops a question that fetches more than `abortBytes` or runs longer than `abortMs`
 * (an engine that loads whole tables would otherwise pull a 200-species site into one tab): the
 * page is reloaded, the question reported as aborted, and after two aborts the host's remaining
 * questions are skipped; after any abort the rounds are skipped, with the reason.
 */
export type ScaleHost = 'range' | 'pages-like' | 'no-range';

export const SCALE_HOSTS: Record<ScaleHost, { server: StaticServerOptions; description: string }> = {
  range: { server: {}, description: 'ranges: 206 for ranged GET and HEAD' },
  'pages-like': {
    server: { headRanges: false },
    description: 'GitHub-Pages-like: ranged HEAD 200 (duckdb-wasm#1189), ranged GET 206',
  },
  'no-range': { server: { ranges: false }, description: 'no ranges: every request 200 with the whole file' },
};

export interface ScaleBrowserOptions {
  host: ScaleHost;
  siteDir: string;
  questions: readonly ScaleQuestion[];
  /** Text for the species lookup (a common name, maybe with a typo). */
  lookup: string;
  /** @default 10 */
  rounds?: number;
  /** @default 1 GiB */
  abortBytes?: number;
  /** @default 300_000 */
  abortMs?: number;
  onProgress?: (line: string) => void;
}

export interface ScaleQuestionRun {
  question: string;
  /** `ok`, or why not (`aborted: …`, an engine error code and message, `skipped: …`). */
  outcome: string;
  /** In the page: load + query, as the engine call took. */
  ms: number;
  rows: number;
  /** What the engine says the query fetched; null when it never answered. */
  bytesFetched: number | null;
  /** What the server sent for /data/ paths during the question. */
  serverBytes: number;
  serverRequests: number;
  /** What the engine loaded, from its load events, e.g. `weekly 1 file 62,000 rows`. */
  loads: string;
  memory: ChromiumMemory | null;
}

export interface ScaleHostRun {
  host: ScaleHost;
  chromiumStartMs: number;
  catalog: { bytes: number; fetchMs: number; parseMs: Timing };
  lookup: { text: string; coldMs: number; warmMs: Timing; bytesFetched: number; top: string };
  memoryAtStart: ChromiumMemory | null;
  questions: ScaleQuestionRun[];
  rounds: { round: number; ms: number; failed: number; memory: ChromiumMemory | null }[];
  /** Why the rounds did not run, when they did not. */
  roundsSkipped?: string;
}

const QUERY_TIMEOUT_MS = 300_000;
const MAX_ABORTS = 2;

export async function runScaleHost(options: ScaleBrowserOptions): Promise<ScaleHostRun> {
  const progress = options.onProgress ?? (() => {});
  const abortBytes = options.abortBytes ?? 1024 ** 3;
  const abortMs = options.abortMs ?? 300_000;
  const browser = await openEngineBenchPage(
    { site: options.siteDir },
    { server: SCALE_HOSTS[options.host].server },
  );
  try {
    const dataUrl = browser.dataUrl('site');
    const started = performance.now();
    await startEngine(browser, dataUrl);
    const chromiumStartMs = performance.now() - started;
    await browser.collectGarbage();
    const memoryAtStart = chromiumMemory(browser.profileDir);
    const run: ScaleHostRun = {
      host: options.host,
      chromiumStartMs,
      ...(await measureCatalog(browser, dataUrl, options.lookup)),
      memoryAtStart,
      questions: [],
      rounds: [],
    };
    unwrap(await browser.call('takeLoadEvents'), 'load events');
    let aborts = 0;
    for (const question of options.questions) {
      if (aborts >= MAX_ABORTS) {
        run.questions.push(skipped(question, `skipped: ${MAX_ABORTS} questions aborted before it`));
        continue;
      }
      const result = await askGuarded(browser, dataUrl, question, abortBytes, abortMs);
      if (result.outcome.startsWith('aborted')) aborts++;
      run.questions.push(result);
      progress(
        `  ${options.host} ${question.name} ${question.species}: ${result.outcome === 'ok' ? `${result.ms.toFixed(0)} ms` : result.outcome}, ${mb(result.serverBytes)} served, ${result.memory?.pssMb.toFixed(0) ?? '?'} MB PSS`,
      );
    }
    // An engine error still leaves a usable engine (and its memory is what the rounds watch); an
    // abort means the next round would pull the same gigabytes again.
    if (aborts > 0) run.roundsSkipped = `${aborts} question(s) aborted by the guard`;
    else {
      for (let round = 1; round <= (options.rounds ?? 10); round++) {
        const begun = performance.now();
        let roundFailed = 0;
        for (const question of options.questions) {
          const outcome = await browser.call(
            'query',
            question.sql,
            [...question.tables],
            QUERY_TIMEOUT_MS,
            question.limits,
          );
          if (!outcome.ok) roundFailed++;
        }
        await browser.collectGarbage();
        const memory = chromiumMemory(browser.profileDir);
        run.rounds.push({ round, ms: performance.now() - begun, failed: roundFailed, memory });
        progress(
          `  ${options.host} round ${round}: ${(performance.now() - begun).toFixed(0)} ms, ${memory?.pssMb.toFixed(0) ?? '?'} MB PSS`,
        );
      }
    }
    return run;
  } finally {
    await browser.close();
  }
}

/** catalog.json size and JSON.parse time in the page, and find_species' lookup (first run loads `species`). */
export type CatalogFigures = Pick<ScaleHostRun, 'catalog' | 'lookup'>;

async function measureCatalog(
  browser: EngineBenchPage,
  dataUrl: string,
  lookup: string,
): Promise<CatalogFigures> {
  const parsed = unwrap(await browser.call('parseJson', `${dataUrl}catalog.json`, 5), 'catalog.json');
  const runs = unwrap(await browser.call('findSpecies', lookup, 6), 'species lookup');
  return {
    catalog: { bytes: parsed.bytes, fetchMs: parsed.fetchMs, parseMs: timing(parsed.parseMs) },
    lookup: {
      text: lookup,
      coldMs: runs.ms[0],
      warmMs: timing(runs.ms.slice(1)),
      bytesFetched: runs.bytesFetched,
      top: runs.candidates[0] ?? '(none)',
    },
  };
}

/** The catalog figures alone, for a site built only to have many species (range host, fresh Chromium). */
export async function measureSiteCatalog(siteDir: string, lookup: string): Promise<CatalogFigures> {
  const browser = await openEngineBenchPage({ site: siteDir });
  try {
    const dataUrl = browser.dataUrl('site');
    await startEngine(browser, dataUrl);
    return await measureCatalog(browser, dataUrl, lookup);
  } finally {
    await browser.close();
  }
}

async function startEngine(browser: EngineBenchPage, dataUrl: string): Promise<void> {
  unwrap(await browser.call('start', dataUrl), 'start');
  // DuckDB-WASM instantiates on the engine's first call: do it here, not in the first question.
  unwrap(await browser.call('query', 'SELECT 1 AS one', [], QUERY_TIMEOUT_MS), 'first query');
}

/** One question with the guard: reload the page when it fetches or takes too much. */
async function askGuarded(
  browser: EngineBenchPage,
  dataUrl: string,
  question: ScaleQuestion,
  abortBytes: number,
  abortMs: number,
): Promise<ScaleQuestionRun> {
  browser.server.resetStats();
  const started = performance.now();
  let stop = '';
  let timer: ReturnType<typeof setInterval> | undefined;
  const guard = new Promise<null>((resolveStop) => {
    timer = setInterval(() => {
      if (dataServed(browser).bytes > abortBytes) stop = `aborted: fetched over ${mb(abortBytes)}`;
      else if (performance.now() - started > abortMs) stop = `aborted: over ${(abortMs / 1000).toFixed(0)} s`;
      if (stop) resolveStop(null);
    }, 200);
  });
  const call = browser
    .call('query', question.sql, [...question.tables], QUERY_TIMEOUT_MS, question.limits)
    .catch((error: unknown) => ({ ok: false, code: 'page_error', message: String(error) }) as const);
  const outcome = await Promise.race([call, guard]);
  clearInterval(timer);
  const served = dataServed(browser);
  const wallMs = performance.now() - started;
  if (outcome === null) {
    // The reload ends the page's engine and its DuckDB worker; the next question starts afresh.
    await browser.page.reload();
    await browser.page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
    await startEngine(browser, dataUrl);
    unwrap(await browser.call('takeLoadEvents'), 'load events');
    return {
      question: question.name,
      outcome: `${stop} (${(wallMs / 1000).toFixed(0)} s)`,
      ms: wallMs,
      rows: 0,
      bytesFetched: null,
      serverBytes: served.bytes,
      serverRequests: served.requests,
      loads: '',
      memory: chromiumMemory(browser.profileDir),
    };
  }
  await browser.collectGarbage();
  const memory = chromiumMemory(browser.profileDir);
  const events = unwrap(await browser.call('takeLoadEvents'), 'load events');
  const base = {
    question: question.name,
    serverBytes: served.bytes,
    serverRequests: served.requests,
    loads: describeLoads(events),
    memory,
  };
  if (!outcome.ok) return { ...base, outcome: failure(outcome), ms: wallMs, rows: 0, bytesFetched: 0 };
  return {
    ...base,
    outcome: 'ok',
    ms: outcome.value.durationMs,
    rows: outcome.value.rows,
    bytesFetched: outcome.value.bytesFetched,
  };
}

function failure(outcome: Extract<PageOutcome<unknown>, { ok: false }>): string {
  return `${outcome.code}: ${outcome.message.slice(0, 160)}`;
}

function skipped(question: ScaleQuestion, reason: string): ScaleQuestionRun {
  return {
    question: question.name,
    outcome: reason,
    ms: 0,
    rows: 0,
    bytesFetched: 0,
    serverBytes: 0,
    serverRequests: 0,
    loads: '',
    memory: null,
  };
}

/** Bytes and requests the server counted for the data folder since the last reset. */
function dataServed(browser: EngineBenchPage): { bytes: number; requests: number } {
  let bytes = 0;
  let requests = 0;
  for (const [path, counted] of Object.entries(browser.server.stats.byPath)) {
    if (!path.startsWith('/data/')) continue;
    bytes += counted.bytesSent;
    requests += counted.requests;
  }
  return { bytes, requests };
}

/** `weekly 1 file 62,000 rows; cells 1 file 190,000 rows` from the engine's file-end events (one per file read). */
function describeLoads(events: readonly LoadProgressEvent[]): string {
  const byTable = new Map<string, { files: Set<string>; rows: number }>();
  for (const event of events) {
    if (event.type !== 'file-end') continue;
    const entry = byTable.get(event.table) ?? { files: new Set<string>(), rows: 0 };
    entry.files.add(event.path);
    entry.rows += event.rows;
    byTable.set(event.table, entry);
  }
  return [...byTable]
    .map(
      ([table, { files, rows }]) =>
        `${table} ${files.size} file${files.size === 1 ? '' : 's'} ${rows.toLocaleString('en')} rows`,
    )
    .join('; ');
}

export function mb(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(bytes < 10_485_760 ? 2 : 0)} MB`;
}
