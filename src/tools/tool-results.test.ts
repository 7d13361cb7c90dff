import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createNodeEngine } from '../engine/node-engine';
import type { Engine } from '../engine';
import type { Operation, QueryFrame } from '../frame/query-frame';
import { statusResultSchema } from '../frame/status-result';
import {
  type CallOutcome,
  createRegistry,
  defineToolFor,
  type Registry,
  type Session,
  type ToolContract,
} from '../registry';
import { tableAdderFor } from './add-table-to-engine';
import { createPerchRegistry, TOOLS } from './index';
import { SUPPORTED } from './status/supported';
import { exampleData } from './test-support/tool-harness';

/**
 * Every tool of the registration list, called through the registry on the real example, and each
 * success checked against the tool's own output schema (issue 14 item 7). CASES is keyed by tool
 * name and the first test compares its keys with TOOLS, so a tool registered without calls here
 * fails; a tool registered without an output schema cannot be registered at all.
 */

const SPECIES = 'yebsap';
const WEEK_24 = `SELECT w.cell_id, w.abundance FROM weekly AS w WHERE w.species_code = '${SPECIES}' AND w.week = 24`;
const WEEKLY_MEANS = `SELECT week, avg(abundance) AS mean FROM weekly WHERE species_code = '${SPECIES}' GROUP BY week ORDER BY week`;
const TWO_PLACES: QueryFrame['places'] = [
  { kind: 'region', code: 'USA-MI' },
  { kind: 'part', part: 'upper_peninsula' },
];

/** One frame per (measure, operation) query_status supports, so every branch of its result is parsed. */
function statusFrames(): Record<string, unknown>[] {
  return Object.entries(SUPPORTED).flatMap(([measure, operations]) =>
    operations.map((operation: Operation) => {
      const weekly = measure !== 'range_area' && measure !== 'trend';
      const frame: QueryFrame = {
        species: operation === 'rank_species' ? [] : [SPECIES],
        measure: measure as QueryFrame['measure'],
        operation,
        times: weekly ? [{ kind: 'season', season: 'breeding' }] : [],
        places: operation === 'which_larger' ? TWO_PLACES : [],
      };
      return frame;
    }),
  );
}

/** Tool name → argument sets to call it with; every call must succeed and match the tool's output schema. */
const CASES: Record<string, Record<string, unknown>[]> = {
  search_datasets: [{ query: 'weekly abundance' }, { query: 'qqqzzz' }],
  describe_table: [{ table: 'weekly' }, { table: 'regions' }],
  sample_values: [
    { table: 'regions', column: 'type' },
    { table: 'seasons', column: 'weeks', limit: 3 },
  ],
  run_sql: [
    { sql: WEEK_24, purpose: 'cells of week 24' },
    { sql: `${WEEK_24} AND w.abundance > 1e9`, purpose: 'no rows' },
  ],
  add_map_layer: [
    { sql: WEEK_24, name: 'week 24' },
    {
      sql: `SELECT w.cell_id, w.week, w.abundance FROM weekly AS w WHERE w.species_code = '${SPECIES}' AND w.week BETWEEN 20 AND 24`,
      name: 'weeks 20–24',
      time_column: 'week',
    },
  ],
  make_chart: [
    { sql: WEEKLY_MEANS, chart_type: 'line', title: 'weekly mean' },
    { sql: WEEK_24, chart_type: 'histogram', title: 'cells', x: 'abundance' },
  ],
  compute_stats: [{ sql: WEEK_24, column: 'abundance' }],
  ask_user: [{ question: 'Which one?', options: ['this', 'that'] }],
  find_species: [{ text: 'sapsucker' }, { text: 'qqqzzz' }],
  species_profile: [{ species: SPECIES }],
  find_region: [{ text: 'Michigan' }, { text: 'qqqzzz' }],
  weekly_series: [{ species: SPECIES }, { species: SPECIES, region: 'MI', product: 'occurrence' }],
  seasonal_summary: [{ species: SPECIES }, { species: SPECIES, region: 'USA-MI', product: 'count' }],
  trend_summary: [{ species: SPECIES }, { species: SPECIES, region: 'USA-MI' }],
  range_summary: [
    { species: SPECIES, season: 'breeding' },
    { species: SPECIES, season: 'nonbreeding', smoothing: 'raw' },
  ],
  top_regions: [
    { species: SPECIES, season: 'breeding' },
    { species: SPECIES, season: 'breeding', region_type: 'state', limit: 2 },
  ],
  where_is: [
    { species: SPECIES, week: 24 },
    { species: SPECIES, season: 'nonbreeding', region: 'USA-MI', top: 3 },
  ],
  occurrence_chance: [
    { species: SPECIES, region: 'MI', month: 6 },
    { species: SPECIES, region: 'USA-MI', date: '2023-12-25' },
  ],
  data_vocabulary: [{ part: 'names' }, { part: 'places' }, { part: 'places', page: 9 }],
  query_status: statusFrames(),
  cell_weekly: [
    { species: SPECIES, lon: -87.4, lat: 46.5, week: 24 },
    { species: SPECIES, lon: -84.5, lat: 43.0, product: 'occurrence' },
  ],
  // A write tool: proposed, then approved by a person (see approveAndExecute).
  add_dataset_from_url: [{ url: 'https://example.org/sightings.csv', name: 'sightings' }],
};

const CSV = 'site,lon,lat,count\nPoint Pelee,-82.5,41.9,3\n"Tawas, Point",-83.4,44.2,\n';

const dataDir = exampleData();
let engine: Engine;
let registry: Registry;
let session: Session;
let counter = 0;
/** query_status's results from the run below, for the cost of parsing them. */
const statusResults: unknown[] = [];
beforeAll(async () => {
  if (!dataDir) return;
  engine = await createNodeEngine({ dataDir });
  session = { id: 'results', datasets: Object.keys(engine.catalog.tables) };
  registry = createPerchRegistry(
    {
      engine,
      addTable: tableAdderFor(engine, (_session, table) => {
        session.datasets = [...session.datasets, table];
      }),
      // The network is the one thing not real here: the approved fetch answers with a small CSV.
      fetch: (async () =>
        new Response(CSV, {
          headers: { 'content-type': 'text/csv', 'content-length': String(CSV.length) },
        })) as typeof fetch,
    },
    // Deadlines are not under test here: the first query of a cold engine took 14–15 s on a loaded 2-core machine.
    { limits: { timeoutMs: 120_000 } },
  );
});
afterAll(async () => engine?.close());

/** One call through the registry; a write tool's proposal is approved, as a person would. */
async function call(tool: ToolContract<unknown>, args: Record<string, unknown>): Promise<CallOutcome> {
  const outcome = await registry.call(
    'offline',
    { id: `r${++counter}`, name: tool.name, arguments: args },
    session,
  );
  if (tool.scope === 'read') return outcome;
  expect(outcome.envelope).toMatchObject({ ok: false, error: { code: 'proposed' } });
  return registry.approve(outcome.card!.id, outcome.card!.arguments, session);
}

/** The audit row says why a call failed (an output mismatch is `internal_error` with the problems in `detail`). */
function failure(outcome: CallOutcome): string {
  return outcome.envelope.ok ? '' : `${JSON.stringify(outcome.envelope.error)} ${outcome.audit.detail ?? ''}`;
}

describe('tool results', () => {
  it('every registered tool has an output schema and calls here; every name here is registered', () => {
    const registered = TOOLS.map((tool) => tool.name).sort();
    expect(Object.keys(CASES).sort()).toEqual(registered);
    for (const tool of TOOLS) {
      expect(tool.output, tool.name).toBeInstanceOf(z.ZodType);
      expect(CASES[tool.name]!.length, tool.name).toBeGreaterThan(0);
    }
  });

  describe.skipIf(!dataDir)('on the real example', () => {
    for (const tool of TOOLS as readonly ToolContract<unknown>[]) {
      it(`${tool.name}: every call succeeds and its data matches the declared output schema`, async () => {
        for (const args of CASES[tool.name]!) {
          const outcome = await call(tool, args);
          expect(outcome.envelope.ok, `${tool.name} ${JSON.stringify(args)}: ${failure(outcome)}`).toBe(true);
          const data = (outcome.envelope as { data: unknown }).data;
          const parsed = tool.output.safeParse(data);
          expect(parsed.error?.issues ?? [], `${tool.name} ${JSON.stringify(args)}`).toEqual([]);
          if (tool.name === 'query_status') statusResults.push(data);
        }
      });
    }

    it('measures what parsing a query_status result costs (the registry parses every result)', () => {
      const results = statusResults;
      expect(results.length).toBe(statusFrames().length);
      const bytes = results.map((result) => JSON.stringify(result).length);
      const rounds = 200;
      const started = performance.now();
      for (let round = 0; round < rounds; round++)
        for (const result of results) statusResultSchema.parse(result);
      const perParse = (performance.now() - started) / (rounds * results.length);
      console.log(
        `[tool-results] statusResultSchema.parse: ${(perParse * 1000).toFixed(1)} µs per result over ${results.length} query_status results of ${Math.min(...bytes)}–${Math.max(...bytes)} bytes (${rounds} rounds)`,
      );
      // Not a timing assertion: the figure is printed for docs/tools.md.
    });
  });
});

describe('the output contract at registration and at run time', () => {
  const defineTool = defineToolFor<unknown>();
  const input = z.strictObject({});
  const register = (tool: ToolContract<unknown>) => () =>
    createRegistry({ tools: [tool], agents: { a: [tool.name] }, services: undefined });

  it('a tool without an output schema is refused at registration', () => {
    const tool = {
      name: 'no_output',
      description: 'Returns something unstated.',
      scope: 'read',
      input,
      run: () => ({}),
    };
    expect(register(tool as unknown as ToolContract<unknown>)).toThrow(/missing output/);
    expect(register({ ...tool, output: { parse: () => ({}) } } as unknown as ToolContract<unknown>)).toThrow(
      /missing output/,
    );
  });

  it('an output object that is not strict is refused, so an unnamed field cannot be dropped silently', () => {
    const loose = defineTool({
      name: 'loose_output',
      description: 'Returns a count in a loose object.',
      scope: 'read',
      input,
      output: z.strictObject({ rows: z.array(z.object({ n: z.number() })) }),
      run: () => ({ rows: [] }),
    });
    expect(register(loose)).toThrow(/the object at rows\[\] is not strict.*result field/);
  });

  it('a handler whose result does not match its schema answers internal_error, and the audit says which field', async () => {
    const renamed = defineTool({
      name: 'renamed_field',
      description: 'Declares `count` but returns `total` (a field renamed in one place only).',
      scope: 'read',
      input,
      output: z.strictObject({ count: z.number() }),
      // @ts-expect-error — the handler's return type is the schema's: a renamed field fails tsc.
      run: () => ({ total: 3 }),
    });
    const built = createRegistry({ tools: [renamed], agents: { a: ['renamed_field'] }, services: undefined });
    const outcome = await built.call(
      'a',
      { id: 'c1', name: 'renamed_field', arguments: {} },
      { id: 's', datasets: [] },
    );
    expect(outcome.envelope).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(outcome.audit.detail).toMatch(/renamed_field.*count: .*expected number/s);
    expect(outcome.audit.detail).toMatch(/Unrecognized key.*total/s);
  });

  it('a matching result reaches the envelope as parsed', async () => {
    const counted = defineTool({
      name: 'counted',
      description: 'Returns a count, as declared.',
      scope: 'read',
      input,
      output: z.strictObject({ count: z.number() }),
      run: () => ({ count: 3 }),
    });
    const built = createRegistry({ tools: [counted], agents: { a: ['counted'] }, services: undefined });
    const outcome = await built.call(
      'a',
      { id: 'c1', name: 'counted', arguments: {} },
      { id: 's', datasets: [] },
    );
    expect(outcome.envelope).toMatchObject({ ok: true, data: { count: 3 } });
  });
});
