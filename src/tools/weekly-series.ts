import { z } from 'zod';
import { previewRows, sqlIdentifier } from '../engine';
import type { ChartPayload } from '../payloads';
import { defineTool } from './define-tool';
import { highestMean } from './support/highest-mean';
import { WEEKLY_PRODUCTS, WEEKLY_PRODUCT_NAMES, type WeeklyProduct } from './support/products';
import { RESULT_FIELDS, resultFields, significant } from './support/result-fields';
import {
  regionRef,
  regionRefSchema,
  speciesRef,
  speciesRefSchema,
  weekDateSchema,
} from './support/result-subject';
import { resolveSubject, type Subject, subjectCaveats } from './support/resolve-subject';
import { runQuery } from './support/run-query';
import { optionalRegionArgument, speciesArgument } from './support/tool-arguments';
import { loadSeasons, seasonCaveats, seasonOfWeek } from './support/season-weeks';
import { readsWeeklyRegions, regionKey, WHOLE_RANGE, weeklyRegionRows } from './support/weekly-regions';

interface WeekRow {
  week: number;
  date: string;
  mean: number | null;
  sum: number | null;
  cells_modelled: number;
  cells_zero: number;
  cells_not_modelled: number;
}

export const weeklySeriesResultSchema = z.strictObject({
  species: speciesRefSchema,
  region: regionRefSchema,
  product: z.enum(WEEKLY_PRODUCT_NAMES),
  unit: z.string(),
  peak: z
    .strictObject({
      week: z.number().int(),
      date: z.string(),
      season: z.string().nullable(),
      mean: z.number().nullable(),
      sum: z.number().nullable(),
      cells_modelled: z.number().int(),
    })
    .nullable(),
  arrival_week: weekDateSchema.nullable(),
  departure_week: weekDateSchema.nullable(),
  arrival_rule: z.string(),
  /** One row per week with rows: mean and sum over modelled cells (NULL when none is modelled). */
  weeks: z.array(
    z.strictObject({
      week: z.number().int(),
      date: z.string(),
      mean: z.number().nullable(),
      sum: z.number().nullable(),
      cells_modelled: z.number().int(),
      cells_zero: z.number().int(),
      cells_not_modelled: z.number().int(),
      season: z.string().nullable(),
    }),
  ),
  ...RESULT_FIELDS,
});
export type WeeklySeriesResult = z.infer<typeof weeklySeriesResultSchema>;

export const weeklySeries = defineTool({
  name: 'weekly_series',
  description:
    'The 52-week series of one species (optionally in one region) in ONE call: per week the mean over modelled cells, the sum, cells modelled and cells predicted zero, the season; the peak week; arrival and departure weeks (first/last week at or above a stated share of the peak). Use it for "when does X peak / arrive / leave / is X around in <month>". Returns figures with source SQL and caveats.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    species: speciesArgument.describe(
      'Common name, scientific name or eBird code, e.g. "Yellow-bellied Sapsucker" or yebsap',
    ),
    region: optionalRegionArgument.describe(
      'Country or US state: name, code (USA, USA-MI) or postal code (MI). Omit for every modelled cell',
    ),
    product: z.enum(WEEKLY_PRODUCT_NAMES).default('abundance').describe('Weekly product to summarise'),
    arrival_share: z
      .number()
      .min(0.01)
      .max(0.99)
      .default(0.25)
      .describe('Arrival/departure = first/last week whose mean is at least this share of the peak mean'),
  }),
  output: weeklySeriesResultSchema,
  async run(args, context) {
    const preaggregated = readsWeeklyRegions(context);
    const subject = await resolveSubject(
      context,
      ['species', 'seasons', preaggregated ? 'weekly_regions' : 'weekly'],
      args.species,
      args.region,
    );
    if ('code' in subject) return subject;
    const { seasons, query: seasonsQuery } = await loadSeasons(context, subject.species.species_code);
    const sql = preaggregated ? preaggregatedSql(subject, args.product) : weeklySql(subject, args.product);
    const query = await runQuery(context, sql, { maxRows: 53 });
    const rows = previewRows(query.table, query.rows) as unknown as WeekRow[];
    const weeks = rows.map((row) => ({ ...row, season: seasonOfWeek(seasons, row.week) }));
    const valued = weeks.filter((row) => row.mean !== null);
    const peak = highestMean(weeks);
    const threshold = peak ? peak.mean! * args.arrival_share : null;
    const above = threshold === null ? [] : valued.filter((row) => row.mean! >= threshold);
    const caveats = [
      ...subjectCaveats(subject),
      'NULL cells are not modelled and are left out of means; 0 means predicted absent and is included.',
      ...(args.product === 'abundance'
        ? [
            'Relative abundance is the expected count on a standard eBird checklist (2 km, 1 h), not the number of birds in the area; sums over cells are an index, not a population.',
          ]
        : []),
      ...seasonCaveats(seasons, subject.species.is_resident),
      ...(weeks.length < 52 ? [`Only ${weeks.length} of 52 weeks have rows for this selection.`] : []),
    ];
    const release = subject.species.release;
    const chart: ChartPayload = {
      kind: 'chart',
      id: `${context.callId}-chart`,
      title: `${subject.species.common_name}: weekly mean ${args.product}`,
      chartType: 'line',
      x: 'date',
      y: 'mean',
      xLabel: `week (${release})`,
      yLabel: `mean ${args.product}`,
      unit: WEEKLY_PRODUCTS[args.product],
      columns: {
        week: weeks.map((row) => row.week),
        date: weeks.map((row) => row.date),
        mean: weeks.map((row) => row.mean),
      },
      timeColumn: 'week',
      sourceTables: query.tablesRead,
      sql: query.sql,
      callId: context.callId,
    };
    context.attach({ kind: 'chart', payload: chart });
    return {
      species: speciesRef(subject),
      region: regionRef(subject),
      product: args.product,
      unit: WEEKLY_PRODUCTS[args.product],
      peak: peak
        ? {
            week: peak.week,
            date: peak.date,
            season: peak.season,
            mean: peak.mean,
            sum: peak.sum,
            cells_modelled: peak.cells_modelled,
          }
        : null,
      arrival_week: above[0] ? { week: above[0].week, date: above[0].date } : null,
      departure_week:
        above.length > 0 ? { week: above[above.length - 1].week, date: above[above.length - 1].date } : null,
      arrival_rule: `first and last week of the year whose mean is at least ${Math.round(args.arrival_share * 100)}% of the peak mean${threshold === null ? '' : ` (${significant(threshold, 4)})`}`,
      weeks: weeks.map((row) => ({ ...row, mean: significant(row.mean), sum: significant(row.sum) })),
      ...resultFields({
        count: weeks.length,
        queries: [...subject.queries, seasonsQuery, query],
        scope: `${subject.describe()}, ${args.product}, weeks 1–52 of ${release}`,
        caveats,
      }),
    };
  },
});

/**
 * NULL = not modelled (NaN in the raster), 0 = predicted absent (FORMAT.md §1a): avg/sum skip
 * NULLs, so the mean is over modelled cells only, and zeros count as modelled cells.
 */
function weeklySql(subject: Subject, product: WeeklyProduct): string {
  const value = `w.${sqlIdentifier(product)}`;
  return `SELECT w.week, min(w.date) AS date, avg(${value}) AS mean, sum(${value}) AS sum,
        count(${value}) AS cells_modelled, count(*) FILTER (WHERE ${value} = 0) AS cells_zero,
        count(*) - count(${value}) AS cells_not_modelled
      FROM weekly AS w WHERE ${subject.where('w')} GROUP BY w.week ORDER BY w.week`;
}

/** The same figures from weekly_regions, which the pipeline aggregated by those rules: a few KB instead of every cell. */
function preaggregatedSql(subject: Subject, product: WeeklyProduct): string {
  const key = subject.region ? regionKey(subject.region) : WHOLE_RANGE;
  const column = (suffix: string) => sqlIdentifier(`${product}_${suffix}`);
  return `SELECT week, date, ${column('mean')} AS mean, ${column('sum')} AS sum, ${column('modelled')} AS cells_modelled,
        ${column('zero')} AS cells_zero, cells - ${column('modelled')} AS cells_not_modelled
      FROM weekly_regions WHERE ${weeklyRegionRows(subject.species.species_code, key)} ORDER BY week`;
}
