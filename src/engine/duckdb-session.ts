import * as arrow from 'apache-arrow';
import type { AsyncDuckDB } from '@duckdb/duckdb-wasm';
import { PLAN_CONNECTION_SETUP } from './plan-shadow';

/** What a host hands the shared core: an instantiated AsyncDuckDB and the worker it runs in. */
export interface DuckDBInstance {
  db: AsyncDuckDB;
  worker: WorkerLike;
}

/** The part of `Worker` (browser) and `web-worker` (Node) the session needs. */
export interface WorkerLike {
  terminate(): void;
  addEventListener(type: 'error' | 'close', listener: (event: unknown) => void): void;
}

export type StartDuckDB = () => Promise<DuckDBInstance>;

/** Settings made before the lock. Order matters: `allowed_paths` must be set before external access is cut (PLATFORM.md). */
export const LOCKDOWN_STATEMENTS: readonly string[] = [
  // Without these, a parquet or json reference makes the Node build hang on a download (PLATFORM.md).
  'SET autoinstall_known_extensions = false',
  'SET autoload_known_extensions = false',
  // The engine reads every file itself (hyparquet), so DuckDB needs no path at all.
  'SET allowed_paths = []',
  'SET enable_external_access = false',
  'SET lock_configuration = true',
];

export type QueryOutcome =
  | { type: 'done'; table: arrow.Table; bytes: number }
  | { type: 'cancelled' }
  | { type: 'too-large'; bytes: number }
  | { type: 'stuck' };

/** How the binder's table list ended: `stopped` finished within the grace after a stop, `stuck` did not. */
export type BindOutcome = { type: 'done'; tables: string[] } | { type: 'stopped' } | { type: 'stuck' };

export interface StopOptions {
  /** Asked to stop (deadline or caller abort): cancel in DuckDB if it can, then give up after `graceMs`. */
  stop: Promise<void>;
  graceMs: number;
}

export interface RunOptions extends StopOptions {
  maxBytes: number;
}

/** How planning a query ended: DuckDB's `EXPLAIN (FORMAT json)` text, or a stop as in `QueryOutcome`. */
export type PlanOutcome = { type: 'done'; json: string } | { type: 'cancelled' } | { type: 'stuck' };

/**
 * One DuckDB-WASM instance with three connections: `loader` for Arrow inserts, `reader` for the
 * guarded queries, so a cancel never hits an insert, and `planner`, whose search_path resolves
 * table names to the plan-shadow twins (plan-shadow.ts). Queries are driven through the pending-query
 * calls (start, poll, fetch) rather than `conn.query`, because only pending queries can be
 * cancelled (`conn.cancelSent` stops them in 31–46 ms, PLATFORM.md) and because polling lets us
 * notice a worker that stopped answering. Result chunks are Arrow IPC bytes, decoded with the
 * top-level apache-arrow so callers never see DuckDB's bundled Arrow copy.
 */
export class DuckDBSession {
  private died: ((reason: string) => void)[] = [];
  private deadReason: string | null = null;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly loader: number,
    private readonly reader: number,
    private readonly planner: number,
  ) {
    instance.worker.addEventListener('error', (event) => this.markDead(`worker error: ${describe(event)}`));
    instance.worker.addEventListener('close', () => this.markDead('worker exited'));
  }

  static async start(startDuckDB: StartDuckDB, setup: readonly string[]): Promise<DuckDBSession> {
    const instance = await startDuckDB();
    const { db } = instance;
    const loader = await db.connect();
    const reader = await db.connect();
    const planner = await db.connect();
    // search_path is a connection setting, so it must be set before the lock forbids every SET.
    // One message per connection: sent one by one, the 39 statements of the example's setup took
    // 0.8 s in Chromium at start-up (a worker round trip each), in the way of the first answer.
    await planner.query(statementList(PLAN_CONNECTION_SETUP));
    await loader.query(statementList([...setup, ...LOCKDOWN_STATEMENTS]));
    return new DuckDBSession(
      instance,
      loader.useUnsafe((_, id) => id),
      reader.useUnsafe((_, id) => id),
      planner.useUnsafe((_, id) => id),
    );
  }

  get dead(): string | null {
    return this.deadReason;
  }

  /** Resolves (never rejects) with the reason when the worker dies. */
  whenDead(): Promise<string> {
    if (this.deadReason !== null) return Promise.resolve(this.deadReason);
    return new Promise((resolve) => this.died.push(resolve));
  }

  /**
   * Base tables `sql` reads, from DuckDB's binder — the phase where macros expand, so its work can
   * grow without bound (a 21-level `distance_km` nest doubles per level). Nothing cancels it:
   * the worker reads no message until the wasm call returns (duckdb-wasm #384), and
   * `cancelPendingQuery` only reaches pending queries. So a stop waits `graceMs` for it and
   * otherwise answers `stuck`, which the engine answers by replacing the worker.
   */
  async tableNames(sql: string, options: StopOptions): Promise<BindOutcome> {
    let stopRequested = false;
    let settled = false;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const stuck = new Promise<'stuck'>((resolve) => {
      options.stop.then(() => {
        if (settled) return;
        stopRequested = true;
        graceTimer = setTimeout(() => resolve('stuck'), options.graceMs);
      });
    });
    const work = this.untilDead(this.instance.db.getTableNames(this.reader, sql));
    try {
      const first = await Promise.race([work, stuck]);
      if (first === 'stuck') {
        work.catch(() => {}); // the worker is frozen in the binder; it is terminated, so this never settles
        return { type: 'stuck' };
      }
      return stopRequested ? { type: 'stopped' } : { type: 'done', tables: first };
    } catch (error) {
      if (stopRequested && this.deadReason === null) return { type: 'stopped' };
      throw error;
    } finally {
      settled = true;
      clearTimeout(graceTimer);
    }
  }

  insertIpc(table: string, ipc: Uint8Array, create: boolean): Promise<void> {
    return this.untilDead(
      this.instance.db.insertArrowFromIPCStream(this.loader, ipc, { name: table, create }),
    );
  }

  /** Runs raw SQL on the loader connection: setup and tests only, never user SQL. */
  async runTrusted(sql: string): Promise<arrow.Table> {
    return this.drive(this.loader, sql, { stop: new Promise(() => {}), graceMs: 0, maxBytes: Infinity }).then(
      (outcome) => {
        if (outcome.type !== 'done') throw new Error(`trusted query ended as ${outcome.type}`);
        return outcome.table;
      },
    );
  }

  /**
   * DuckDB's plan of `sql` over the twins (`EXPLAIN (FORMAT json)`). Planning binds, so it is
   * stopped like a query; the caller already bound the same SQL through `tableNames`.
   */
  async plan(sql: string, options: StopOptions): Promise<PlanOutcome> {
    const outcome = await this.drive(this.planner, `EXPLAIN (FORMAT json) ${sql}`, {
      ...options,
      maxBytes: Infinity,
    });
    if (outcome.type === 'cancelled' || outcome.type === 'stuck') return outcome;
    if (outcome.type === 'too-large') return { type: 'stuck' };
    const values = outcome.table.getChild('explain_value');
    return { type: 'done', json: String(values?.get(0) ?? '[]') };
  }

  run(sql: string, options: RunOptions): Promise<QueryOutcome> {
    return this.drive(this.reader, sql, options);
  }

  terminate(): void {
    this.markDead('terminated by the engine');
    this.instance.worker.terminate();
  }

  private async drive(connection: number, sql: string, options: RunOptions): Promise<QueryOutcome> {
    const { db } = this.instance;
    let stopRequested = false;
    let cancelled = false;
    const stuck = new Promise<'stuck'>((resolve) => {
      options.stop.then(async () => {
        stopRequested = true;
        setTimeout(() => resolve('stuck'), options.graceMs);
        cancelled = await db.cancelPendingQuery(connection).catch(() => false);
      });
      this.whenDead().then(() => resolve('stuck'));
    });
    const work = (async (): Promise<QueryOutcome> => {
      const chunks: Uint8Array[] = [];
      let header = await db.startPendingQuery(connection, sql, false);
      while (header === null) {
        if (stopRequested && cancelled) return { type: 'cancelled' };
        header = await db.pollPendingQuery(connection);
      }
      chunks.push(header);
      let bytes = 0;
      for (;;) {
        const chunk = await db.fetchQueryResults(connection);
        if (chunk === null) continue;
        if (chunk.length === 0) break;
        chunks.push(chunk);
        bytes += chunk.byteLength;
        if (bytes > options.maxBytes) {
          await db.cancelPendingQuery(connection).catch(() => false);
          return { type: 'too-large', bytes };
        }
      }
      const table = arrow.tableFromIPC(chunks);
      return { type: 'done', table, bytes: tableBytes(table) };
    })().catch((error: unknown) => {
      if (stopRequested) return { type: 'cancelled' } as const;
      throw error;
    });
    const first = await Promise.race([work, stuck]);
    if (first === 'stuck') {
      work.catch(() => {}); // the worker is gone or frozen; this promise may never settle
      return { type: 'stuck' };
    }
    return first;
  }

  /**
   * `work`, or a rejection once the worker dies: AsyncDuckDB leaves a request to a terminated
   * worker pending forever (measured: a getTableNames sent just after terminate never settled).
   */
  private untilDead<T>(work: Promise<T>): Promise<T> {
    const died = this.whenDead().then((reason) =>
      Promise.reject(new Error(`the DuckDB worker stopped (${reason})`)),
    );
    died.catch(() => {});
    return Promise.race([work, died]);
  }

  private markDead(reason: string): void {
    if (this.deadReason !== null) return;
    this.deadReason = reason;
    for (const resolve of this.died.splice(0)) resolve(reason);
  }
}

/** Bytes held by a table's Arrow buffers: what a result costs to keep and to send. */
export function tableBytes(table: arrow.Table): number {
  let total = 0;
  for (const batch of table.batches) total += dataBytes(batch.data);
  return total;
}

function dataBytes(data: arrow.Data): number {
  let total = 0;
  for (const buffer of [data.values, data.valueOffsets, data.nullBitmap, data.typeIds] as (
    | ArrayBufferView
    | undefined
  )[]) {
    total += buffer?.byteLength ?? 0;
  }
  for (const child of data.children) total += dataBytes(child);
  if (data.dictionary) for (const dictionary of data.dictionary.data) total += dataBytes(dictionary);
  return total;
}

function describe(event: unknown): string {
  if (event && typeof event === 'object' && 'message' in event)
    return String((event as { message: unknown }).message);
  return String(event);
}

/** Trusted statements as one script: DuckDB runs each in order and stops at the first that fails. */
const statementList = (statements: readonly string[]) =>
  statements.map((statement) => `${statement};`).join('\n');
