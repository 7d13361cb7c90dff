import { DATA_VERSION } from '../catalog/data-version';
import type { Catalog } from '../catalog/types';
import { AddedTables } from './added-tables';
import { checkScope } from './check-scope';
import { CallDeadline } from './call-deadline';
import { checkSqlText, sqlForTableNames, wrapQuery } from './check-sql-text';
import type { DataSource } from './data-source';
import { DuckDBSession, type StartDuckDB } from './duckdb-session';
import { duckdbMessage, engineError, isEngineError, type EngineError } from './engine-error';
import { ENGINE_MACROS, macrosReading, startupMacroStatements } from './engine-macros';
import { lexSql } from './sql-lexer';
import { CANCEL_GRACE_MS, DEFAULT_QUERY_LIMITS } from './query-limits';
import { planShadowStatements } from './plan-shadow';
import { type ColumnarTables, parquetTables } from './columnar/parquet-tables';
import { runColumnar } from './columnar/run-columnar';
import { readPrebuiltResults } from './prebuilt-results';
import { type CachedResult, ResultCache } from './result-cache';
import { scansInPlan, tableNeeds, type TableNeeds } from './scan-needs';
import { TableLoader } from './table-loader';
import type { Engine, LoadProgressEvent, LoadReport, QueryLimits, QueryOptions, QueryResult } from './types';

/**
 * Results kept for a second asking (result-cache.ts): the repeated lookups are kilobytes (the
 * example's 287 regions as Arrow: 14 KB; a page of 300 towns: 21 KB), and a follow-up about the
 * same place and year ("when do they arrive?", then "…leave?", "…peak?") reads the same 52-week
 * cell map again: Michigan's 15,236 cell-weeks are 744 KB, 44–98 ms a reading in Node. 1 MB a
 * result keeps that map; 8 MB in all holds a conversation's lookups and a few such maps, not the
 * cell-weeks of a continental range (WEEK_MAP_CELL_WEEKS caps a map at 100,000, ~5 MB).
 */
const RESULT_CACHE_BYTES = 8_000_000;
const RESULT_CACHE_ENTRY_BYTES = 1_000_000;

export interface EngineRestartEvent {
  reason: string;
  /** Tables reloaded into the new worker. */
  reloaded: string[];
  durationMs: number;
}

export interface EngineCoreOptions {
  source: DataSource;
  startDuckDB: StartDuckDB;
  /** Read from `catalog.json` in the source when absent. */
  catalog?: Catalog;
  /** Defaults for limits a query leaves out (DEFAULT_QUERY_LIMITS otherwise). */
  limits?: Partial<QueryLimits>;
  onProgress?: (event: LoadProgressEvent) => void;
  onRestart?: (event: EngineRestartEvent) => void;
  /**
   * When DuckDB starts: `now` (with the engine), or `when-needed` — at the first query the columnar
   * executor leaves to it, the first load or added table, or `startDuckDB()`. The page starts it
   * after the first answer: its 34 MB wasm compiling beside the first question's reads made
   * that answer slower on 2 cores (cold-start bench, 2026-12-05). @default 'now'
   */
  duckdbStart?: 'now' | 'when-needed';
  /**
   * Answer what the columnar executor can (columnar/run-columnar.ts) before DuckDB; false sends
   * every query to DuckDB (the benches compare the two). @default true
   */
  columnar?: boolean;
  /**
   * Fetch the small unpartitioned tables (ColumnarTables.prefetchSmallTables) as the engine
   * opens, before any question: the page's engine does; tests that count a query's bytes do not.
   * @default false
   */
  prefetchSmallTables?: boolean;
  /** Wait this long for a cancelled query before replacing the worker. @default CANCEL_GRACE_MS */
  cancelGraceMs?: number;
}

/** SQL that passed `checkSqlText`: the text as the caller sent it and the body the check returned. */
export interface CheckedSql {
  sql: string;
  body: string;
}

/** The engine below the text check: `query` takes SQL that already passed it. */
export interface EngineCore extends Omit<Engine, 'query'> {
  query(checked: CheckedSql, options: QueryOptions): Promise<QueryResult>;
}

/**
 * The engine both hosts share; hosts only say how to start DuckDB and where files are.
 * `query` checks the text (`checkSqlText` → sql_rejected), then runs it on the core.
 */
export async function createEngine(options: EngineCoreOptions): Promise<Engine> {
  const core = await createEngineCore(options);
  return {
    ...core,
    query(sql, queryOptions) {
      const text = checkSqlText(sql);
      if (!text.ok) return Promise.reject(engineError('sql_rejected', text.problem, text.fix));
      return core.query({ sql, body: text.body }, queryOptions);
    },
  };
}

/**
 * Everything after the text check. `query` runs these steps in order, each one refusing with an
 * EngineError, under one deadline (`CallDeadline`) that covers bind, plan, run and fetch:
 *  1. caller already aborted → cancelled;
 *  2. wrap as a subquery capped at maxRows + 1 rows; a wrapped text already answered (the result
 *     cache, seeded with the pipeline's prebuilt results) is answered here, before the queue and
 *     before DuckDB, held to the caller's scope (4) and bytes limit (7);
 *  3. the columnar executor (columnar/run-columnar.ts) answers a query in the SQL subset the
 *     tools send straight from the parquet files, also before the queue and DuckDB, with the same
 *     scope check, deadline and limits; anything outside the subset goes on to DuckDB:
 *  4. binder table list (`getTableNames`) and scope check (`checkScope`) → sql_rejected;
 *  5. plan it over the twins (plan-shadow.ts) and load the files, row groups and columns the plan
 *     reads that no earlier call loaded (scan-needs.ts, table-loader.ts; clock paused) → load_failed;
 *  6. run with real cancellation → timeout / cancelled / engine_restarted / query_failed;
 *  7. rows and bytes limits → result_too_large.
 * A stop that DuckDB does not obey within the grace (always the case in the binder, which cannot
 * be cancelled) terminates the worker; the call answers at once and the next call waits for the
 * replacement, which holds the same loaded and added tables.
 */
export async function createEngineCore(options: EngineCoreOptions): Promise<EngineCore> {
  const catalog = options.catalog ?? (JSON.parse(await options.source.readText('catalog.json')) as Catalog);
  checkDataVersion(catalog);
  const defaults: QueryLimits = { ...DEFAULT_QUERY_LIMITS, ...options.limits };
  const graceMs = options.cancelGraceMs ?? CANCEL_GRACE_MS;
  const loader = new TableLoader(
    catalog,
    options.source,
    options.onProgress ?? (() => {}),
    async (session, table) => {
      for (const macro of macrosReading(table)) await session.runTrusted(macro.sql);
    },
  );
  const setup = [...startupMacroStatements(catalog), ...planShadowStatements(catalog)];
  const added = new AddedTables(catalog);
  const results = new ResultCache(RESULT_CACHE_BYTES, RESULT_CACHE_ENTRY_BYTES);
  const columnarTables =
    options.columnar === false
      ? undefined
      : reportingReads(
          parquetTables(catalog, options.source, (table) => added.has(table)),
          options.onProgress ?? (() => {}),
        );
  // A build without prebuilt results, or one whose file cannot be read (offline, not kept), answers
  // every query through DuckDB as before.
  const prebuiltLoaded = catalog.prebuilt
    ? readPrebuiltResults(options.source, catalog.prebuilt).then(
        (entries) => results.seed(entries),
        () => undefined,
      )
    : Promise.resolve();
  // After the prebuilt results' request, which every query waits for: 13 small files requested
  // first held it behind Chromium's 6 connections per host (HTTP/1.1, cold-start trace 2026-12-06).
  if (options.prefetchSmallTables && columnarTables)
    void prebuiltLoaded.then(() => columnarTables.prefetchSmallTables(() => {}));
  // Read on every call: addTable adds entries to the catalog.
  const catalogTables = () => Object.keys(catalog.tables);
  const columnsOf = (table: string) => catalog.tables[table].columns.map((column) => column.name);
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();

  const replaced = new WeakMap<DuckDBSession, Promise<DuckDBSession>>();
  const watch = (session: DuckDBSession): DuckDBSession => {
    session.whenDead().then((reason) => {
      if (!closed) restart(session, `the DuckDB worker stopped (${reason})`).catch(() => {});
    });
    return session;
  };
  let ready: Promise<DuckDBSession> | undefined;
  /** The DuckDB session, started on first need unless `startDuckDB: 'now'` started it already. */
  const duckdb = (): Promise<DuckDBSession> => {
    ready ??= DuckDBSession.start(options.startDuckDB, setup).then(watch);
    return ready;
  };
  if (options.duckdbStart !== 'when-needed') void duckdb().catch(() => {});

  /** Replaces `from` with a new worker holding the same tables; one replacement per session. */
  function restart(from: DuckDBSession, reason: string): Promise<DuckDBSession> {
    const existing = replaced.get(from);
    if (existing) return existing;
    const started = Date.now();
    const next = (async () => {
      from.terminate();
      const session = await DuckDBSession.start(options.startDuckDB, setup);
      const reports = await loader.replay(session);
      const readded = await added.replay(session);
      options.onRestart?.({
        reason,
        reloaded: [...reports.map((report) => report.table), ...readded],
        durationMs: Date.now() - started,
      });
      return watch(session);
    })();
    replaced.set(from, next);
    ready = next;
    return next;
  }

  function serialised<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  }

  async function loadTables(session: DuckDBSession, needs: Map<string, TableNeeds>): Promise<LoadReport> {
    const started = Date.now();
    const report: LoadReport = { loaded: [], bytesFetched: 0, rows: 0, durationMs: 0 };
    for (const [table, tableNeeds] of needs) {
      try {
        const tableReport = await loader.load(session, table, tableNeeds);
        if (tableReport.files > 0) report.loaded.push(tableReport);
        report.bytesFetched += tableReport.bytesFetched;
        report.rows += tableReport.rows;
      } catch (error) {
        throw loadFailed(table, error);
      }
    }
    report.durationMs = Date.now() - started;
    return report;
  }

  /** Creates the named tables empty (footers only), so the binder can resolve them. */
  async function createTables(session: DuckDBSession, tables: string[]): Promise<void> {
    for (const table of tables) {
      try {
        await loader.create(session, table);
      } catch (error) {
        throw loadFailed(table, error);
      }
    }
  }

  /**
   * Stops the call after `deadline` fired. When DuckDB did not stop within the grace, its worker
   * is terminated and replaced without waiting: the call answers now, the next call awaits `ready`.
   * Measured (Node 20 worker_thread, bind-deadline.test.ts): a replacement (start the worker,
   * instantiate the 34 MB wasm, open, lock, reload two small tables) took 6.9–14.1 s on 2 cores
   * at load average 13–15, of which starting DuckDB alone was 4.2 s; Chromium instantiates in
   * 2.5–3.3 s (PLATFORM.md), so the page's replacement is ~3 s plus re-reading the loaded
   * parquet from the HTTP cache. Both fit in the registry's 15 s for the next call.
   */
  function stopped(session: DuckDBSession, deadline: CallDeadline, obeyed: boolean): EngineError {
    if (!obeyed)
      restart(session, `DuckDB did not stop within ${graceMs} ms of a ${deadline.cause ?? 'stop'}`).catch(
        () => {},
      );
    return deadline.error(!obeyed);
  }

  async function tableNames(session: DuckDBSession, sql: string, deadline: CallDeadline): Promise<string[]> {
    deadline.throwIfStopped();
    const outcome = await session.tableNames(sql, { stop: deadline.stopped, graceMs });
    if (outcome.type === 'done') return outcome.tables;
    throw stopped(session, deadline, outcome.type === 'stopped');
  }

  async function bindTables(
    session: DuckDBSession,
    wrapped: string,
    scope: readonly string[],
    deadline: CallDeadline,
  ): Promise<string[]> {
    const namesSql = sqlForTableNames(wrapped);
    try {
      return await tableNames(session, namesSql, deadline);
    } catch (first) {
      if (deadline.cause !== null) throw first;
      // The binder needs the tables to exist to resolve e.g. JOIN … USING; create the in-scope
      // tables the text names (empty: their rows come with the plan) and ask again (scope is
      // still checked on the binder's answer).
      const words = sqlWords(wrapped);
      // A macro over a table exists once its table does: one over a table outside the scope is
      // refused here, or it read as "no such function" once the columnar path had loaded nothing
      // into DuckDB (red-team corpus, season_of_week in a session without seasons).
      const outside = checkScope(macroTables(words), scope, catalogTables());
      if (!outside.ok) throw engineError('sql_rejected', outside.problem, outside.fix);
      const named = namedScopeTables(words, scope, catalogTables()).filter((table) => !added.has(table));
      if (named.length === 0) throw first;
      await deadline.outsideClock(createTables(session, named));
      return tableNames(session, namesSql, deadline);
    }
  }

  /**
   * What each file-backed table must hold for this query, from DuckDB's plan over the twins
   * (plan-shadow.ts, scan-needs.ts). A plan that fails (a name only the real tables have) or
   * cannot be read asks for every table whole: more bytes, never a wrong answer.
   */
  async function planNeeds(
    session: DuckDBSession,
    wrapped: string,
    tables: string[],
    deadline: CallDeadline,
  ): Promise<Map<string, TableNeeds>> {
    const whole = new Map<string, TableNeeds>(tables.map((table) => [table, 'all']));
    if (tables.length === 0) return whole;
    deadline.throwIfStopped();
    const outcome = await session.plan(wrapped, { stop: deadline.stopped, graceMs }).catch(() => null);
    if (outcome === null) return whole;
    if (outcome.type !== 'done') throw stopped(session, deadline, outcome.type === 'cancelled');
    try {
      return tableNeeds(tables, scansInPlan(outcome.json), columnsOf);
    } catch {
      return whole;
    }
  }

  /** Steps 3–4: binder tables, scope check, lazy loads of what the plan needs. */
  async function prepare(
    session: DuckDBSession,
    wrapped: string,
    scope: readonly string[],
    deadline: CallDeadline,
  ): Promise<{ tables: string[]; binderTables: string[]; load: LoadReport }> {
    let binderTables: string[];
    try {
      binderTables = await bindTables(session, wrapped, scope, deadline);
    } catch (error) {
      throw failure(error);
    }
    const scoped = checkScope(binderTables, scope, catalogTables());
    if (!scoped.ok) throw engineError('sql_rejected', scoped.problem, scoped.fix);
    const fileTables = scoped.tables.filter((table) => !added.has(table));
    const needs = await planNeeds(session, wrapped, fileTables, deadline);
    return {
      tables: scoped.tables,
      binderTables,
      load: await deadline.outsideClock(loadTables(session, needs)),
    };
  }

  const limitsOf = (queryOptions: QueryOptions): QueryLimits => ({
    timeoutMs: queryOptions.timeoutMs ?? defaults.timeoutMs,
    maxRows: queryOptions.maxRows ?? defaults.maxRows,
    maxBytes: queryOptions.maxBytes ?? defaults.maxBytes,
  });

  /** Steps 1–2, then a result already kept for the same text (result-cache.ts), or undefined. */
  function keptAnswer(
    checked: CheckedSql,
    queryOptions: QueryOptions,
    started: number,
  ): QueryResult | undefined {
    const limits = limitsOf(queryOptions);
    if (queryOptions.signal?.aborted)
      throw engineError(
        'cancelled',
        'the caller cancelled the query before it started',
        'Run it again when needed',
      );
    if (closed) throw engineError('engine_restarted', 'the engine is closed', 'Create a new engine');
    const cached = results.get(wrapQuery(checked.body, limits.maxRows + 1));
    return cached && cachedResult(cached, checked, queryOptions.scope, limits, started);
  }

  /**
   * A kept result answers without waiting for the queries before it or for DuckDB itself: the
   * pipeline's prebuilt results (prebuilt-results.ts) answer the reader's first questions while
   * the 34 MB wasm still compiles.
   */
  async function query(checked: CheckedSql, queryOptions: QueryOptions): Promise<QueryResult> {
    const started = Date.now();
    await prebuiltLoaded;
    return (
      keptAnswer(checked, queryOptions, started) ??
      (await columnarAnswer(checked, queryOptions, started)) ??
      serialised(() => runQuery(checked, queryOptions))
    );
  }

  /**
   * Step 3. Its refusals (scope, deadline, limits) are the answer; any other failure (a file that
   * would not read, a shape the executor turned down while running) leaves the query to DuckDB,
   * which words its own error if there is one.
   */
  async function columnarAnswer(
    checked: CheckedSql,
    queryOptions: QueryOptions,
    started: number,
  ): Promise<QueryResult | undefined> {
    if (!columnarTables) return undefined;
    const limits = limitsOf(queryOptions);
    const answer = await runColumnar(checked.body, columnarTables, {
      scope: queryOptions.scope,
      catalogTables: catalogTables(),
      limits,
      signal: queryOptions.signal,
    }).catch((error: unknown) => {
      if (isEngineError(error)) throw error;
      return undefined;
    });
    if (!answer) return undefined;
    results.set(wrapQuery(checked.body, limits.maxRows + 1), {
      table: answer.table,
      bytes: answer.bytes,
      binderTables: answer.tablesRead,
    });
    return {
      table: answer.table,
      rows: answer.table.numRows,
      bytes: answer.bytes,
      tablesRead: answer.tablesRead,
      bytesFetched: answer.bytesFetched,
      durationMs: Date.now() - started,
      sql: checked.sql,
      answeredBy: 'columnar',
    };
  }

  async function runQuery(checked: CheckedSql, queryOptions: QueryOptions): Promise<QueryResult> {
    const started = Date.now();
    const limits = limitsOf(queryOptions);
    const { signal, scope } = queryOptions;
    // Again: the same text may have run while this one waited in the queue.
    const kept = keptAnswer(checked, queryOptions, started);
    if (kept) return kept;
    const wrapped = wrapQuery(checked.body, limits.maxRows + 1);
    const deadline = new CallDeadline(limits.timeoutMs, signal);
    try {
      let session = await deadline.outsideClock(duckdb());
      let prepared: Awaited<ReturnType<typeof prepare>>;
      try {
        prepared = await prepare(session, wrapped, scope, deadline);
      } catch (error) {
        // Nothing ran yet, so a worker that died before or while binding and loading costs one retry, not an error.
        if (session.dead === null || deadline.cause !== null) throw error;
        session = await deadline.outsideClock(restart(session, session.dead));
        prepared = await prepare(session, wrapped, scope, deadline);
      }
      const { load } = prepared;
      deadline.throwIfStopped();
      const outcome = await session
        .run(wrapped, { stop: deadline.stopped, graceMs, maxBytes: limits.maxBytes })
        .catch((error: unknown) => {
          if (session.dead) return { type: 'stuck' as const };
          if (isWasmTrap(error)) throw trapped(session, error);
          throw failure(error);
        });
      if (outcome.type === 'stuck' || outcome.type === 'cancelled') {
        const died = session.dead;
        if (died !== null && deadline.cause === null) {
          await restart(session, died);
          throw engineError(
            'engine_restarted',
            `the DuckDB worker stopped while running the query (${died}); a new worker was started and ${loader.createdTables().length} loaded table(s) reloaded`,
            'Run the query again',
          );
        }
        throw stopped(session, deadline, outcome.type === 'cancelled' || died !== null);
      }
      if (outcome.type === 'too-large') throw tooLarge(`more than ${limits.maxBytes} bytes`);
      if (outcome.table.numRows > limits.maxRows) throw tooLarge(`more than ${limits.maxRows} rows`);
      results.set(wrapped, {
        table: outcome.table,
        bytes: outcome.bytes,
        binderTables: prepared.binderTables,
      });
      return {
        table: outcome.table,
        rows: outcome.table.numRows,
        bytes: outcome.bytes,
        tablesRead: prepared.tables,
        bytesFetched: load.bytesFetched,
        durationMs: Date.now() - started,
        sql: checked.sql,
        answeredBy: 'duckdb',
      };
    } finally {
      deadline.dispose();
    }
  }

  /** A result run before: the same scope check and limits as a run, nothing fetched. */
  function cachedResult(
    cached: CachedResult,
    checked: CheckedSql,
    scope: readonly string[],
    limits: QueryLimits,
    started: number,
  ): QueryResult {
    const scoped = checkScope(cached.binderTables, scope, catalogTables());
    if (!scoped.ok) throw engineError('sql_rejected', scoped.problem, scoped.fix);
    if (cached.bytes > limits.maxBytes) throw tooLarge(`more than ${limits.maxBytes} bytes`);
    return {
      table: cached.table,
      rows: cached.table.numRows,
      bytes: cached.bytes,
      tablesRead: scoped.tables,
      bytesFetched: 0,
      durationMs: Date.now() - started,
      sql: checked.sql,
      answeredBy: 'kept',
    };
  }

  /**
   * A wasm trap leaves the DuckDB instance corrupt although its worker lives: after
   * `SELECT len(list_sort(range(1000000000)))` ran out of memory ("memory access out of bounds"), every later
   * query failed ("Catalog temp does not exist", "Max expression depth limit of 0") — red-team corpus. The
   * worker is replaced in the background (as after a timeout) so the next call answers.
   */
  function trapped(session: DuckDBSession, error: unknown): EngineError {
    const text = duckdbMessage(error);
    restart(session, `DuckDB trapped (${text})`).catch(() => {});
    return engineError(
      'query_failed',
      `DuckDB ran out of memory or crashed running the query (${text}); its worker was replaced and the loaded tables are reloaded`,
      'Make the query smaller (fewer rows, shorter lists) and run it again',
    );
  }

  return {
    catalog,
    query,
    keptResults: () => results.entries(),
    startDuckDB: () => void duckdb().catch(() => {}),
    ensureLoaded: (tables, partitions) =>
      serialised(async () => {
        const unknown = tables.filter((table) => !(table in catalog.tables));
        if (unknown.length > 0)
          throw engineError(
            'load_failed',
            `no catalog table named ${unknown.map((name) => `'${name}'`).join(', ')}`,
            `Use one of: ${catalogTables().join(', ')}`,
          );
        const species = partitions?.species_code;
        const needs = (table: string): TableNeeds =>
          species
            ? [
                {
                  rows: new Map([['species_code', { kind: 'values', values: species }]]),
                  columns: new Set(columnsOf(table).map((name) => name.toLowerCase())),
                },
              ]
            : 'all';
        return loadTables(
          await duckdb(),
          new Map(tables.filter((table) => !added.has(table)).map((table) => [table, needs(table)])),
        );
      }),
    addTable: (request) =>
      serialised(async () => {
        const refused = added.problem(request.name);
        if (refused) throw engineError(refused.code, refused.detail, refused.fix);
        if (closed) throw engineError('engine_restarted', 'the engine is closed', 'Create a new engine');
        try {
          return await added.add(await duckdb(), request);
        } catch (error) {
          throw engineError(
            'load_failed',
            `could not add table '${request.name}' from ${request.format.toUpperCase()} bytes: ${duckdbMessage(error)}`,
            `Check that the file is valid ${request.format.toUpperCase()} with a header row, then retry`,
          );
        }
      }),
    async close() {
      closed = true;
      (await ready?.catch(() => null))?.terminate();
    },
  };
}

/**
 * The columnar executor's reads as load progress, as DuckDB's loads report theirs: the page's
 * service worker keeps, for offline use, the tables a first visit read (start-service-worker.ts),
 * and learned of none the columnar path read (offline-reload test, 2026-12-05).
 */
function reportingReads(
  tables: ColumnarTables,
  onProgress: (event: LoadProgressEvent) => void,
): ColumnarTables {
  return {
    fields: tables.fields,
    prefetchSmallTables: (onTable) =>
      tables.prefetchSmallTables((table, rows, bytes) => {
        onTable(table, rows, bytes);
        onProgress({ type: 'load-end', table, rows, bytesFetched: bytes, durationMs: 0 });
      }),
    async read(table, columns, rows, onBytes) {
      const started = Date.now();
      let bytesFetched = 0;
      const relation = await tables.read(table, columns, rows, (bytes) => {
        bytesFetched += bytes;
        onBytes(bytes);
      });
      if (bytesFetched > 0)
        onProgress({
          type: 'load-end',
          table,
          rows: relation.length,
          bytesFetched,
          durationMs: Date.now() - started,
        });
      return relation;
    },
  };
}

/** A DuckDB error as an EngineError: the lock's Permission Errors mean the query reached outside. */
/**
 * Messages of a WebAssembly RuntimeError (a trap), as V8 words them; DuckDB's own errors never read so. The
 * same out-of-memory query trapped as "memory access out of bounds" in one run and "null function or function
 * signature mismatch" in another (CI), so every V8 trap message is listed.
 */
const WASM_TRAP =
  /memory access out of bounds|null function or function signature mismatch|table index is out of bounds|integer divide by zero|integer overflow|float unrepresentable in integer range|unreachable|RuntimeError|Aborted\(/i;

function isWasmTrap(error: unknown): boolean {
  return !isEngineError(error) && WASM_TRAP.test(duckdbMessage(error));
}

function loadFailed(table: string, error: unknown): EngineError {
  return engineError(
    'load_failed',
    `could not load table '${table}': ${duckdbMessage(error)}`,
    'Check that the data folder holds the files catalog.json lists (npm run data), then retry',
  );
}

function failure(error: unknown): EngineError {
  if (isEngineError(error)) return error;
  const text = duckdbMessage(error);
  if (/Catalog "[^"]*" does not exist/.test(text))
    return engineError(
      'sql_rejected',
      `the query names another database (${text})`,
      'Read only catalog tables by name',
    );
  if (/Permission Error/i.test(text))
    return engineError(
      'sql_rejected',
      `the query reaches outside the loaded tables (${text})`,
      'Read only catalog tables by name',
    );
  return engineError('query_failed', text, 'Fix the SQL and run it again');
}

function tooLarge(limit: string): EngineError {
  return engineError(
    'result_too_large',
    `the result has ${limit}`,
    'Aggregate (GROUP BY, count, avg), filter with WHERE, or select fewer columns',
  );
}

/** In-scope catalog tables whose names (or macros reading them) appear as words or quoted names in the SQL. */
/** The lower-cased names and quoted identifiers of a SQL text (none when it does not lex). */
function sqlWords(sql: string): Set<string> {
  const lexed = lexSql(sql);
  if (!lexed.ok) return new Set();
  return new Set(
    lexed.tokens
      .filter((token) => token.kind === 'word' || token.kind === 'quoted')
      .map((token) => token.text.toLowerCase()),
  );
}

/** Tables read by the engine macros a text names (season_of_week reads seasons). */
function macroTables(words: ReadonlySet<string>): string[] {
  return ENGINE_MACROS.flatMap((macro) => (macro.reads && words.has(macro.name) ? [macro.reads] : []));
}

function namedScopeTables(
  words: ReadonlySet<string>,
  scope: readonly string[],
  catalogTables: readonly string[],
): string[] {
  const named = new Set([...words, ...macroTables(words)]);
  const inScope = new Set(scope.map((name) => name.toLowerCase()));
  return catalogTables.filter((table) => inScope.has(table.toLowerCase()) && named.has(table.toLowerCase()));
}

/** A catalog written by another pipeline version is refused: its tables may mean something else. */
function checkDataVersion(catalog: Catalog): void {
  if (catalog.version === DATA_VERSION) return;
  const built = typeof catalog.version === 'number' ? `data version ${catalog.version}` : 'no data version';
  throw engineError(
    'load_failed',
    `the data was built by a different Perch (its catalog.json says ${built}; this app reads version ${DATA_VERSION})`,
    'Rebuild the data with this version (npm run data), or publish the app and its data together',
  );
}
