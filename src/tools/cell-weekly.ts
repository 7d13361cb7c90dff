import { z } from 'zod';
import { previewRows, sqlIdentifier, sqlString, type QueryResult } from '../engine';
import { MEASURE_LABELS } from '../frame/query-frame';
import type { ChartPayload } from '../payloads';
import { toolFailure } from '../registry';
import { defineTool } from './define-tool';
import { nearestTowns } from './status/near-town';
import { pointInGeometry } from './status/point-in-polygon';
import { WEEKLY_PRODUCTS, WEEKLY_PRODUCT_NAMES } from './support/products';
import { RESULT_FIELDS, resultFields } from './support/result-fields';
import { speciesRef, speciesRefSchema } from './support/result-subject';
import { resolveSubject, subjectCaveats } from './support/resolve-subject';
import { runQuery } from './support/run-query';
import type { PerchContext } from './support/tool-context';
import { speciesArgument } from './support/tool-arguments';

/**
 * Cells whose centre lies within this many degrees of latitude of the point are candidates: half
 * the diagonal of a 27 km cell is 19.1 km, 0.17° of latitude; 0.3° keeps every cell that can hold
 * the point and reads a band of the `cells` table, not all of it.
 */
const CANDIDATE_LAT_DEGREES = 0.3;
/** The nearest few centres: the cell holding the point is among the 4 around it on a square grid. */
const CANDIDATES = 4;

const weekValueSchema = z.strictObject({
  week: z.number().int(),
  date: z.string(),
  /** NULL = not modelled that week; 0 = predicted absent. */
  value: z.number().nullable(),
});

export const cellWeeklyResultSchema = z.strictObject({
  species: speciesRefSchema,
  product: z.enum(WEEKLY_PRODUCT_NAMES),
  /** The product in a reader's words ("relative abundance"). */
  label: z.string(),
  unit: z.string(),
  /** The point asked about, and the 27 km cell whose footprint holds it (centre lon/lat). */
  point: z.strictObject({ lon: z.number(), lat: z.number() }),
  cell: z.strictObject({ cell_id: z.number().int(), lon: z.number(), lat: z.number() }),
  /** The cell centre's nearest town, "12 km SW of Ironwood, MI" (null without a places table); `town` is its name alone. */
  near: z.string().nullable(),
  town: z.string().nullable(),
  /** The week of the highest value, the first of equal ones; null when no week is modelled. */
  peak: weekValueSchema.extend({ value: z.number() }).nullable(),
  /** The week asked about ("this week" on the page: the week the map shows). */
  week: weekValueSchema.nullable(),
  weeks_modelled: z.number().int(),
  weeks_zero: z.number().int(),
  weeks: z.array(weekValueSchema),
  ...RESULT_FIELDS,
});
export type CellWeeklyResult = z.infer<typeof cellWeeklyResultSchema>;

export const cellWeekly = defineTool({
  name: 'cell_weekly',
  description:
    "The 52 weekly values of ONE 27 km cell: the cell holding a lon/lat point (a place clicked on the map, a birding spot), with its nearest town, its peak week and, given a week, that week's value. NULL weeks are not modelled, 0 is predicted absent. For a town's surroundings or a region use query_status instead.",
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    species: speciesArgument.describe(
      'Common name, scientific name or eBird code, e.g. "Yellow-bellied Sapsucker" or yebsap',
    ),
    lon: z.number().min(-180).max(180).describe('Longitude of the point, WGS84 degrees'),
    lat: z.number().min(-90).max(90).describe('Latitude of the point, WGS84 degrees'),
    product: z.enum(WEEKLY_PRODUCT_NAMES).default('abundance').describe('Weekly product to read'),
    week: z
      .number()
      .int()
      .min(1)
      .max(52)
      .optional()
      .describe('A week 1–52 whose value to report beside the peak (e.g. the week shown on the map)'),
  }),
  output: cellWeeklyResultSchema,
  async run(args, context) {
    const subject = await resolveSubject(context, ['species', 'weekly', 'cells'], args.species);
    if ('code' in subject) return subject;
    const found = await cellAt(context, args.lon, args.lat);
    if ('code' in found) return found;
    const { cell, areaKm2 } = found;
    const code = subject.species.species_code;
    const sql = `SELECT w.week, w.date, w.${sqlIdentifier(args.product)} AS value FROM weekly AS w
      WHERE w.species_code = ${sqlString(code)} AND w.cell_id = ${cell.cell_id} ORDER BY w.week`;
    const query = await runQuery(context, sql, { maxRows: 53 });
    const weeks = (
      previewRows(query.table, query.rows) as { week: number; date: string; value: number | null }[]
    ).map((row) => ({ week: row.week, date: row.date, value: row.value }));
    if (weeks.length === 0)
      return toolFailure(
        'not_covered',
        `not_covered: the ${subject.species.common_name} data has no weekly values in the cell at ${degrees(cell.lat, cell.lon)}.`,
      );
    const towns = await nearestTowns(context, [cell]);
    const near = towns.names[0] ?? null;
    const town = near ? townOf(near) : null;
    const peak = highestWeek(weeks);
    const week = args.week === undefined ? undefined : weeks.find((row) => row.week === args.week);
    const label = MEASURE_LABELS[args.product];
    const queries: QueryResult[] = [
      ...subject.queries,
      found.query,
      query,
      ...(towns.query ? [towns.query] : []),
    ];
    context.attach({
      kind: 'chart',
      payload: cellChart(
        context.callId,
        `${subject.species.common_name} near ${town ?? degrees(cell.lat, cell.lon)}`,
        {
          weeks,
          label,
          unit: WEEKLY_PRODUCTS[args.product],
          release: subject.species.release,
          query,
        },
      ),
    });
    return {
      species: speciesRef(subject),
      product: args.product,
      label,
      unit: WEEKLY_PRODUCTS[args.product],
      point: { lon: args.lon, lat: args.lat },
      cell: { cell_id: cell.cell_id, lon: cell.lon, lat: cell.lat },
      near,
      town,
      peak: peak ?? null,
      week: week ?? null,
      weeks_modelled: weeks.filter((row) => row.value !== null).length,
      weeks_zero: weeks.filter((row) => row.value === 0).length,
      weeks,
      ...resultFields({
        count: weeks.length,
        queries,
        scope: `${subject.species.common_name} (${code}), ${args.product}, the ${cellSize(areaKm2)} cell ${cell.cell_id} centred at ${degrees(cell.lat, cell.lon)}, weeks 1–52 of ${subject.species.release}`,
        caveats: [
          ...subjectCaveats(subject, { regionless: 'silent' }),
          `One ${cellSize(areaKm2)} cell: its value is the model estimate for the whole ${areaKm2.toFixed(0)} km² square, not for the exact point.`,
          'NULL weeks are not modelled; 0 means predicted absent.',
        ],
      }),
    };
  },
});

interface Cell {
  cell_id: number;
  lon: number;
  lat: number;
}

/** The cell whose footprint holds the point, among the nearest centres; not_covered when none does. */
async function cellAt(
  context: PerchContext,
  lon: number,
  lat: number,
): Promise<{ cell: Cell; areaKm2: number; query: QueryResult } | ReturnType<typeof toolFailure>> {
  const sql = `SELECT c.cell_id, c.lon, c.lat, c.area_km2, c.footprint_geojson FROM cells AS c
    WHERE abs(c.lat - ${lat}) < ${CANDIDATE_LAT_DEGREES}
    ORDER BY distance_km(${lat}, ${lon}, c.lat, c.lon) LIMIT ${CANDIDATES}`;
  const query = await runQuery(context, sql, { maxRows: CANDIDATES });
  const rows = previewRows(query.table, query.rows) as unknown as (Cell & {
    footprint_geojson: string | null;
    area_km2: number;
  })[];
  const holding = rows.find(
    (row) => row.footprint_geojson && pointInGeometry(lon, lat, JSON.parse(row.footprint_geojson)),
  );
  if (!holding)
    return toolFailure(
      'not_covered',
      `not_covered: no modelled cell holds the point ${degrees(lat, lon)}; this data has cells only where the species was modelled.`,
      { hint: 'Pick a place inside the coloured cells of the map.' },
    );
  return {
    cell: { cell_id: holding.cell_id, lon: holding.lon, lat: holding.lat },
    areaKm2: holding.area_km2,
    query,
  };
}

/** "27 km" for the 729 km² (Equal Earth) and 711 km² (sinusoidal) cells alike: the side, rounded. */
function cellSize(areaKm2: number): string {
  return `${Math.round(Math.sqrt(areaKm2))} km`;
}

/** The first week of the highest modelled value. */
function highestWeek(
  weeks: readonly { week: number; date: string; value: number | null }[],
): { week: number; date: string; value: number } | undefined {
  let best: { week: number; date: string; value: number } | undefined;
  for (const row of weeks)
    if (row.value !== null && (best === undefined || row.value > best.value))
      best = { week: row.week, date: row.date, value: row.value };
  return best;
}

/** "Ironwood, MI" from nearestTowns' "12 km SW of Ironwood, MI" or "at Ironwood, MI" (near-town.ts describeNear). */
function townOf(near: string): string {
  return near.replace(/^(?:at |\d+ km [NSEW]{1,2} of )/, '');
}

/** "46.45° N, 90.17° W": a place with no town, in words a person reads. */
function degrees(lat: number, lon: number): string {
  return `${Math.abs(lat).toFixed(2)}° ${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lon).toFixed(2)}° ${lon >= 0 ? 'E' : 'W'}`;
}

function cellChart(
  callId: string,
  title: string,
  series: {
    weeks: readonly { week: number; date: string; value: number | null }[];
    label: string;
    unit: string;
    release: number;
    query: QueryResult;
  },
): ChartPayload {
  return {
    kind: 'chart',
    id: `${callId}-chart`,
    title,
    chartType: 'line',
    x: 'date',
    y: 'value',
    xLabel: `week (${series.release})`,
    yLabel: series.label,
    unit: series.unit,
    columns: {
      week: series.weeks.map((row) => row.week),
      date: series.weeks.map((row) => row.date),
      value: series.weeks.map((row) => row.value),
    },
    timeColumn: 'week',
    sourceTables: series.query.tablesRead,
    sql: series.query.sql,
    callId,
  };
}
