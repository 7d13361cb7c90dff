import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeEngine } from '../../engine/node-engine';
import type { Engine } from '../../engine';
import type { QueryFrame } from '../../frame/query-frame';
import { statusResultSchema } from '../../frame/status-result';
import { buildData } from '../../pipeline';
import type { MapLayerPayload } from '../../payloads';
import type { Attachment, Session } from '../../registry';
import { WEEK_MAP_CELL_WEEKS } from './weekly-subject';
import { createPerchRegistry } from '../index';

// A place that is a whole state or the whole range reads its weekly series from weekly_regions
// (kilobytes); a session scoped without it reads `weekly`. Both must give the same figures, and
// the first must not read weeks the question did not ask for. A simulated species of 3,000 cells
// (the example is masked to one state, so it has no state to choose): Michigan and Wisconsin are
// covered (266 and 219 cells), the range is every cell.
const CELLS = 3_000;
let root: string;
let dataDir: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'perch-weekly-regions-'));
  dataDir = join(root, 'data');
  await buildData({ simulate: { species: 1, cells: CELLS }, outDir: dataDir });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
let regionsFileBytes = 0;
beforeAll(() => {
  regionsFileBytes = statSync(join(dataDir, 'weekly_regions', 'species_code=sim001.parquet')).size;
});

/** An engine and registry over the simulated site, in a session without the tables in `without`. */
interface Scope {
  call<T>(name: string, args: unknown): Promise<T>;
  /** Payloads the last call attached (map layers, charts). */
  lastAttachments(): Attachment[];
  /** Rows of `weekly` the engine has loaded so far. */
  weeklyRows(): number;
  /** Bytes fetched so far for `table`'s files. */
  bytesOf(table: string): number;
  close(): Promise<void>;
}

async function openScope(without: string[] = []): Promise<Scope> {
  let weeklyRows = 0;
  const bytes = new Map<string, number>();
  const engine: Engine = await createNodeEngine({
    columnar: false,
    dataDir,
    onProgress: (event) => {
      if (event.type === 'load-end' && event.table === 'weekly') weeklyRows += event.rows;
      if (event.type === 'file-end')
        bytes.set(event.table, (bytes.get(event.table) ?? 0) + event.bytesFetched);
    },
  });
  // The `weekly` side is the slow one compared here: under the full suite's load a 52-week answer
  // for Michigan over it overran the 15 s default deadline (CI, 2026-12-03). Equality is the point.
  const registry = createPerchRegistry({ engine }, { limits: { timeoutMs: 120_000 } });
  const session: Session = {
    id: 'weekly-regions',
    datasets: Object.keys(engine.catalog.tables).filter((table) => !without.includes(table)),
  };
  let calls = 0;
  let attachments: Attachment[] = [];
  return {
    async call<T>(name: string, args: unknown) {
      const outcome = await registry.call('offline', { id: `c${++calls}`, name, arguments: args }, session);
      if (!outcome.envelope.ok) throw new Error(JSON.stringify(outcome.envelope.error));
      attachments = outcome.attachments;
      return outcome.envelope.data as T;
    },
    lastAttachments: () => attachments,
    weeklyRows: () => weeklyRows,
    bytesOf: (table) => bytes.get(table) ?? 0,
    close: () => engine.close(),
  };
}

/** query_status for the simulated species: its first subject and the SQL behind it. */
async function ask(scope: Scope, frame: Omit<QueryFrame, 'species'>) {
  const result = statusResultSchema.parse(
    await scope.call('query_status', { species: ['sim001'], ...frame }),
  );
  return { subject: result.subjects[0]!, sql: result.sql, caveats: result.caveats };
}

/** One question on a fresh engine (nothing loaded before): the answer, the rows of `weekly` and the bytes of `weekly_regions` it loaded. */
async function askFresh(frame: Omit<QueryFrame, 'species'>, without: string[] = []) {
  const scope = await openScope(without);
  try {
    return {
      ...(await ask(scope, frame)),
      weeklyRows: scope.weeklyRows(),
      regionBytes: scope.bytesOf('weekly_regions'),
    };
  } finally {
    await scope.close();
  }
}

const numbers = (subject: unknown) =>
  JSON.stringify(subject, (_key, value) =>
    typeof value === 'number' ? Number(value.toPrecision(12)) : value,
  );

/** Weeks 18–22: 3 May – 31 May 2023. */
const MAY: QueryFrame['times'] = [{ kind: 'weeks', from: 18, to: 22, label: 'May' }];
const PLACES: { name: string; places: QueryFrame['places'] }[] = [
  { name: 'the whole range', places: [] },
  { name: 'Michigan', places: [{ kind: 'region', code: 'USA-MI' }] },
  { name: 'Wisconsin', places: [{ kind: 'region', code: 'USA-WI' }] },
];

describe('weekly figures of a whole region from weekly_regions', () => {
  for (const { name, places } of PLACES) {
    it(`${name}: the same figures as from weekly, reading only May's weeks of weekly`, async () => {
      const frame: Omit<QueryFrame, 'species'> = {
        measure: 'abundance',
        operation: 'value',
        times: MAY,
        places,
      };
      const fast = await askFresh(frame);
      const slow = await askFresh(frame, ['weekly_regions']);
      expect(numbers(fast.subject)).toBe(numbers(slow.subject));
      // The year's peak (52 weeks) and the place's cover came from weekly_regions…
      expect(fast.subject.year_peak?.value).toBeGreaterThan(0);
      expect(fast.sql.some((sql) => /FROM weekly_regions/.test(sql))).toBe(true);
      expect(slow.sql.some((sql) => /weekly_regions/.test(sql))).toBe(false);
      // …so `weekly` gave May's 5 weeks (row groups of ≥ 2,048 rows round it up), not all 52.
      // (a place's cover reads cell ids first, then the figures widen those pieces: ≥ all 52 weeks)
      expect(slow.weeklyRows).toBeGreaterThanOrEqual(CELLS * 52);
      expect(fast.weeklyRows).toBeGreaterThan(0);
      expect(fast.weeklyRows).toBeLessThanOrEqual(CELLS * 5 + 2 * 2_048 * 5);
      // …and weekly_regions gave a few columns of the file's row groups of that place (keys are
      // never NULL, so loaded pieces keep their key ranges and stay column-narrow).
      expect(fast.regionBytes).toBeGreaterThan(0);
      expect(fast.regionBytes).toBeLessThan(regionsFileBytes / 3);
    });
  }

  describe('on one engine per scope', () => {
    let fast: Scope;
    let slow: Scope;
    beforeAll(async () => {
      [fast, slow] = [await openScope(), await openScope(['weekly_regions'])];
    });
    afterAll(async () => Promise.all([fast?.close(), slow?.close()]));

    it('a 52-week timing answer (arrival, peak) is identical from either table', async () => {
      const pairs = [
        ['abundance', 'when_highest'],
        ['occurrence', 'first_week_above'],
        ['proportion_population', 'length_of_stay'],
        ['count', 'biggest_rise'],
      ] as const;
      for (const [measure, operation] of pairs) {
        const frame: Omit<QueryFrame, 'species'> = {
          measure,
          operation,
          times: [],
          places: PLACES[1]!.places,
        };
        const [quick, full] = [await ask(fast, frame), await ask(slow, frame)];
        expect(quick.subject.series).toHaveLength(52);
        expect(numbers(quick.subject), `${measure} × ${operation}`).toBe(numbers(full.subject));
      }
    });

    it('weekly_series gives the same weeks, peak and arrival from either table, for every product', async () => {
      const before = fast.weeklyRows();
      for (const region of [undefined, 'USA-WI'])
        for (const product of ['abundance', 'occurrence', 'count', 'proportion_population']) {
          const args = { species: 'sim001', product, ...(region ? { region } : {}) };
          const [quick, full] = [
            await fast.call<Record<string, unknown>>('weekly_series', args),
            await slow.call<Record<string, unknown>>('weekly_series', args),
          ];
          const figures = ({ source, ...rest }: Record<string, unknown>) => rest;
          expect((quick.weeks as unknown[]).length).toBe(52);
          expect(numbers(figures(quick)), `${product} ${region}`).toBe(numbers(figures(full)));
        }
      // Not one row of `weekly` for eight 52-week series.
      expect(fast.weeklyRows()).toBe(before);
      expect(slow.weeklyRows()).toBeGreaterThan(0);
    });
  });
});

describe('a week question over a large place maps the week it answers', () => {
  // The range: 3,000 cells × 52 weeks is over the budget; Michigan (266 cells × 52) is under it.
  it('the whole range: series of 52 weeks, cell figures and map of the peak week only; Michigan animates all 52', async () => {
    expect(CELLS * 52).toBeGreaterThan(WEEK_MAP_CELL_WEEKS);
    expect(266 * 52).toBeLessThan(WEEK_MAP_CELL_WEEKS);
    const scope = await openScope();
    try {
      const frame: Omit<QueryFrame, 'species' | 'places'> = {
        measure: 'abundance',
        operation: 'when_highest',
        times: [],
      };
      const range = await ask(scope, { ...frame, places: [] });
      const layer = (attachments: Attachment[]) =>
        attachments.find((attachment) => attachment.kind === 'map-layer')!.payload as MapLayerPayload;
      const rangeLayer = layer(scope.lastAttachments());
      const peak = range.subject.week!.week;
      expect(range.subject.series).toHaveLength(52);
      expect(range.subject.cell_weeks).toEqual([peak]);
      // One week of every cell: the map holds each cell once, all in the peak week.
      expect(rangeLayer.values.length).toBe(CELLS);
      expect(new Set(rangeLayer.times)).toEqual(new Set([peak]));
      expect(range.subject.cells_in_place).toBe(CELLS);
      // The cell figures are that week's: their mean is the series' value of the peak week.
      expect(range.subject.mean).toBeCloseTo(range.subject.week!.value!, 12);
      expect(range.caveats.some((caveat) => caveat.includes(`for week ${peak} only`))).toBe(true);
      // The cell figures read one week: every per-cell query names that week alone.
      const cellQueries = range.sql.filter((sql) => /FROM weekly AS w JOIN cells/.test(sql));
      expect(cellQueries.length).toBeGreaterThan(0);
      for (const sql of cellQueries) expect(sql).toContain(`w.week IN (${peak})`);

      const michigan = await ask(scope, { ...frame, places: PLACES[1]!.places });
      const michiganLayer = layer(scope.lastAttachments());
      expect(michigan.subject.cell_weeks).toBeUndefined();
      expect(new Set(michiganLayer.times).size).toBe(52);
      expect(michiganLayer.values.length).toBe(michigan.subject.cells_in_place * 52);
      expect(michigan.caveats.some((caveat) => caveat.includes('only ('))).toBe(false);
    } finally {
      await scope.close();
    }
  });

  it('the answer week follows the question: arrival maps the first week above the threshold', async () => {
    const scope = await openScope();
    try {
      const arrival = await ask(scope, {
        measure: 'occurrence',
        operation: 'first_week_above',
        times: [],
        places: [],
      });
      expect(arrival.subject.week).toBeTruthy();
      expect(arrival.subject.cell_weeks).toEqual([arrival.subject.week!.week]);
      expect(arrival.subject.week!.week).not.toBe(arrival.subject.peak!.week);
    } finally {
      await scope.close();
    }
  });
});
