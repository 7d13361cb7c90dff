import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFailure } from '../../test/helpers/engine-failure';
import type { AuditEntry, Registry, Session } from '../registry';
import { createPerchRegistry } from '../tools';
import { createEngineCore, type EngineCore, type EngineRestartEvent } from './create-engine';
import type { WorkerLike } from './duckdb-session';
import { fileDataSource } from './file-data-source';
import { createNodeEngine, startNodeDuckDB } from './node-engine';
import { previewRows } from './preview-rows';
import { CANCEL_GRACE_MS } from './query-limits';
import { makeTestCatalog, type TestCatalog } from './test-catalog';
import type { Engine } from './types';

/**
 * Red team, issue 13 item 3: a nest of the `distance_km` macro whose binder work doubles per
 * level (measured on the test catalog: depth 13 → 1.3 s, 14 → 3.0 s, 15 → 6.5 s in getTableNames
 * alone; depth 21 ≈ 7 min, depth 30 ≈ days). These tests send it below the text check (which caps
 * macro nesting), so they prove the deadline by itself: the call answers at the deadline, the
 * worker thread exits, and the next call answers from a replacement holding the same tables.
 */
function macroBomb(depth: number): string {
  let expression = 'lat';
  for (let level = 0; level < depth; level++) expression = `distance_km(${expression},0,0,0)`;
  return `SELECT ${expression} AS d FROM cells LIMIT 1`;
}

const DEADLINE_MS = 2_000;
/** Room for a busy 2-core machine after deadline + grace; the bomb itself would take minutes. */
const MARGIN_MS = 1_500;
/** The bound for the call after a bomb (it waits for the replacement worker). */
const NEXT_CALL_MS = 20_000;
/** cells.lat is 42 + i / 10 for i in 0..39 (test-catalog.ts). */
const CELLS = { n: 40, lat_sum: 40 * 42 + (39 * 40) / 2 / 10 };
/**
 * The same figures in a text not asked before (a bound every cell passes): a repeated text would
 * come from the engine's result cache, not from the worker the test means to reach.
 */
let cellsAsked = 0;
const cellsSql = () =>
  `SELECT count(*) AS n, round(sum(lat), 6) AS lat_sum FROM cells WHERE lat > -${++cellsAsked}`;
const CSV = 'site,count\nPoint Pelee,3\nTawas Point,5\n';

let fixture: TestCatalog;
const workers: { worker: WorkerLike; exited: Promise<void> }[] = [];
const restarts: EngineRestartEvent[] = [];
const replacementMs: number[] = [];

function recordWorker(worker: WorkerLike): void {
  const exited = new Promise<void>((resolve) => worker.addEventListener('close', () => resolve()));
  workers.push({ worker, exited });
}

function openCore(limits?: { timeoutMs: number }): Promise<EngineCore> {
  return createEngineCore({
    columnar: false,
    source: fileDataSource(fixture.dir),
    startDuckDB: startNodeDuckDB(recordWorker),
    limits,
    onRestart: (event) => {
      restarts.push(event);
      replacementMs.push(event.durationMs);
    },
  });
}

/** The core as an Engine with no text check in front: what DuckDB does when the check lets a query through. */
function uncheckedEngine(core: EngineCore): Engine {
  return { ...core, query: (sql, options) => core.query({ sql, body: sql }, options) };
}

function queryCells(core: EngineCore) {
  const sql = cellsSql();
  return core.query({ sql, body: sql }, { scope: ['cells'] });
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

beforeAll(async () => {
  fixture = await makeTestCatalog();
});

afterAll(() => {
  if (replacementMs.length > 0)
    console.info(
      `[bind-deadline] worker replacements (start + reload): ${replacementMs.join(', ')} ms; reloaded: ${restarts.map((event) => event.reloaded.join('+')).join(' | ')}`,
    );
});

describe('engine core: one deadline over bind, below the text check', () => {
  let core: EngineCore;
  beforeAll(async () => {
    core = await openCore({ timeoutMs: DEADLINE_MS });
    await core.ensureLoaded(['cells']);
    await core.addTable({
      name: 'sightings',
      format: 'csv',
      bytes: new TextEncoder().encode(CSV),
      table: { ...fixture.catalog.tables.cells, name: 'sightings', columns: [] },
    });
  });
  afterAll(async () => core?.close());

  for (const depth of [21, 30]) {
    it(`a distance_km nest of depth ${depth} answers timeout at the deadline; the next call answers with the same tables`, async () => {
      const bomb = macroBomb(depth);
      const before = workers.length;
      const { value: error, ms } = await timed(
        engineFailure(core.query({ sql: bomb, body: bomb }, { scope: ['cells'] })),
      );
      expect(error.code).toBe('timeout');
      expect(error.message).toMatch(
        new RegExp(
          `^timeout: the query ran longer than ${DEADLINE_MS} ms and was cancelled \\(DuckDB did not stop, so its worker was replaced`,
        ),
      );
      expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS);
      expect(ms).toBeLessThan(DEADLINE_MS + CANCEL_GRACE_MS + MARGIN_MS);
      // The frozen worker thread really ends (the work stops, not only the wait).
      await workers[before - 1].exited;

      const next = await timed(queryCells(core));
      expect(next.ms).toBeLessThan(NEXT_CALL_MS);
      expect(previewRows(next.value.table, 1)).toEqual([CELLS]);
      // The replacement reloaded cells itself; this call fetched nothing.
      expect(next.value.bytesFetched).toBe(0);
      expect(workers.length).toBe(before + 1);
      expect(restarts.at(-1)?.reloaded).toEqual(['cells', 'sightings']);
      expect(restarts.at(-1)?.reason).toMatch(/did not stop within \d+ ms of a timeout/);
      // A table the session added from bytes (add_dataset_from_url ends in addTable) survives too.
      // A text of its own per depth, so the second one reaches the replacement worker too.
      const sightingsSql = `SELECT sum(count) AS total FROM sightings WHERE count > -${depth}`;
      const added = await core.query({ sql: sightingsSql, body: sightingsSql }, { scope: ['sightings'] });
      expect(previewRows(added.table, 1)).toEqual([{ total: 8 }]);
    }, 60_000);
  }

  it("the caller's Stop during bind ends the call, the worker thread exits, and the next call answers", async () => {
    const bomb = macroBomb(21);
    const before = workers.length;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const { value: error, ms } = await timed(
      engineFailure(
        core.query(
          { sql: bomb, body: bomb },
          { scope: ['cells'], signal: controller.signal, timeoutMs: 60_000 },
        ),
      ),
    );
    expect(error.code).toBe('cancelled');
    expect(error.message).toMatch(/worker was replaced/);
    expect(ms).toBeLessThan(300 + CANCEL_GRACE_MS + MARGIN_MS);
    await workers[before - 1].exited;
    const next = await timed(queryCells(core));
    expect(next.ms).toBeLessThan(NEXT_CALL_MS);
    expect(previewRows(next.value.table, 1)).toEqual([CELLS]);
    expect(restarts.at(-1)?.reason).toMatch(/of a cancelled/);
  }, 60_000);

  it('plan and run phase: one long scalar (levenshtein of two 80,000-char strings) answers at the deadline too', async () => {
    // Measured: levenshtein of two 20,000-char strings takes 2.5 s, and it grows with the square.
    const slow = "SELECT levenshtein(repeat('a', 80000), repeat('b', 80000)) AS d";
    const { value: error, ms } = await timed(
      engineFailure(core.query({ sql: slow, body: slow }, { scope: [] })),
    );
    expect(error.code).toBe('timeout');
    expect(ms).toBeLessThan(DEADLINE_MS + CANCEL_GRACE_MS + MARGIN_MS);
    const next = await timed(queryCells(core));
    expect(next.ms).toBeLessThan(NEXT_CALL_MS);
    expect(previewRows(next.value.table, 1)).toEqual([CELLS]);
  }, 60_000);

  it('a quick query under the same deadline is not stopped and keeps its worker', async () => {
    const before = workers.length;
    const result = await queryCells(core);
    expect(previewRows(result.table, 1)).toEqual([CELLS]);
    expect(workers.length).toBe(before);
  });
});

describe('registry run_sql: the registry deadline stops bind work too', () => {
  const REGISTRY_DEADLINE_MS = 2_500;
  const session: Session = { id: 'bind-deadline', datasets: ['cells'] };
  let core: EngineCore;
  let registry: Registry;
  let counter = 0;
  /** `timeoutMs` is the registry's deadline for this call; the next call keeps the default (15 s). */
  const call = (sql: string, timeoutMs?: number) =>
    timed(
      registry.call(
        'offline',
        { id: `b${++counter}`, name: 'run_sql', arguments: { sql, purpose: 'probe' } },
        session,
        { timeoutMs },
      ),
    );
  const rowsOf = (id: string): AuditEntry[] =>
    registry.audit.entries().filter((entry) => entry.call_id === id);

  beforeAll(async () => {
    // The engine's own deadline stays at its default (5 s), so the registry's 2.5 s fires first
    // and it is the registry's abort that must reach the binder. The call after it waits for the
    // replacement worker, so it keeps the registry's default deadline.
    core = await openCore();
    // Warm: the worker is up and cells loaded, so the deadline meets the binder, not the start.
    await core.ensureLoaded(['cells']);
    registry = createPerchRegistry({ engine: uncheckedEngine(core) });
  });
  afterAll(async () => core?.close());

  for (const depth of [21, 30]) {
    it(`depth ${depth}: timeout at the registry deadline, one audit row, and the next run_sql answers`, async () => {
      const before = workers.length;
      const bomb = await call(macroBomb(depth), REGISTRY_DEADLINE_MS);
      expect(bomb.value.envelope).toMatchObject({ ok: false, error: { code: 'timeout' } });
      expect(bomb.ms).toBeLessThan(REGISTRY_DEADLINE_MS + MARGIN_MS);
      expect(rowsOf(`b${counter}`)).toMatchObject([{ tool: 'run_sql', outcome: 'timeout', code: 'timeout' }]);
      await workers[before - 1].exited;

      const next = await call(cellsSql());
      expect(next.ms).toBeLessThan(NEXT_CALL_MS);
      expect(next.value.envelope).toMatchObject({ ok: true, data: { rows: 1, preview: [CELLS] } });
      expect(rowsOf(`b${counter}`)).toMatchObject([{ tool: 'run_sql', outcome: 'ok' }]);
      expect(workers.length).toBe(before + 1);
    }, 60_000);
  }
});

describe('the full page stack (text check + engine + registry): never wedged', () => {
  it('depth 21 and 30 through run_sql are refused or time out within the deadline, and the next call answers', async () => {
    const engine = await createNodeEngine({
      columnar: false,
      dataDir: fixture.dir,
      limits: { timeoutMs: DEADLINE_MS },
    });
    const registry = createPerchRegistry({ engine });
    const session: Session = { id: 'bind-deadline-full', datasets: ['cells'] };
    try {
      let counter = 0;
      // Warm: a call waiting for the first worker runs with the clock paused (call-deadline.ts).
      await engine.ensureLoaded(['cells']);
      for (const depth of [21, 30]) {
        const cells = cellsSql();
        for (const sql of [macroBomb(depth), cells]) {
          const id = `f${++counter}`;
          const { value, ms } = await timed(
            registry.call('offline', { id, name: 'run_sql', arguments: { sql, purpose: 'probe' } }, session),
          );
          expect(registry.audit.entries().filter((entry) => entry.call_id === id)).toHaveLength(1);
          if (sql === cells) {
            expect(ms).toBeLessThan(NEXT_CALL_MS);
            expect(value.envelope).toMatchObject({ ok: true, data: { preview: [CELLS] } });
          } else {
            expect(ms).toBeLessThan(DEADLINE_MS + CANCEL_GRACE_MS + MARGIN_MS);
            const code = (value.envelope as { error?: { code: string } }).error?.code;
            console.info(`[bind-deadline] full stack, depth ${depth}: ${code} in ${ms} ms`);
            expect(['sql_rejected', 'timeout']).toContain(code);
          }
        }
      }
    } finally {
      await engine.close();
    }
  }, 120_000);
});
