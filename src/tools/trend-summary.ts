import { z } from 'zod';
import { previewRows, sqlString } from '../engine';
import { toolFailure } from '../registry';
import { defineTool } from './define-tool';
import { RESULT_FIELDS, resultFields } from './support/result-fields';
import { regionRef, regionRefSchema, speciesRef, speciesRefSchema } from './support/result-subject';
import { resolveSubject, subjectCaveats } from './support/resolve-subject';
import { runQuery } from './support/run-query';
import { optionalRegionArgument, speciesArgument } from './support/tool-arguments';
import { regionalTrend } from './support/regional-trend';
import { nextLayerColor } from './support/build-map-layer';
import { buildTrendLayer } from './support/trend-layer';

interface CellStats {
  season: string;
  cells: number;
  cell_mean_ppy: number;
  cell_median_ppy: number;
  negative: number;
  positive: number;
  declining_ci_excludes_zero: number;
  increasing_ci_excludes_zero: number;
  weighted_mean_ppy: number | null;
  release: number;
  start_year: number;
  end_year: number;
  start_date: string;
  end_date: string;
}

export const trendSummaryResultSchema = z.strictObject({
  species: speciesRefSchema,
  region: regionRefSchema,
  season: z.string(),
  period: z.strictObject({
    start_year: z.number().int(),
    end_year: z.number().int(),
    season_window: z.string(),
    release: z.number().int(),
  }),
  unit: z.string(),
  /** Across the model folds; null figures when no fold has a trend cell here. */
  regional_trend: z.strictObject({
    median_ppy: z.number().nullable(),
    ci80: z.tuple([z.number().nullable(), z.number().nullable()]),
    folds: z.number().int(),
    direction: z.string(),
    cumulative_percent: z.number().nullable(),
    rule: z.string(),
  }),
  cells: z.strictObject({
    count: z.number().int(),
    mean_ppy: z.number(),
    median_ppy: z.number(),
    negative: z.number().int(),
    positive: z.number().int(),
    declining_ci_excludes_zero: z.number().int(),
    increasing_ci_excludes_zero: z.number().int(),
    /** NULL when the cells' abundance sums to 0. */
    abundance_weighted_mean_ppy: z.number().nullable(),
  }),
  ...RESULT_FIELDS,
});
export type TrendSummaryResult = z.infer<typeof trendSummaryResultSchema>;

export const trendSummary = defineTool({
  name: 'trend_summary',
  description:
    'Population trend of one species (optionally in one region) in ONE call: per-cell mean and median percent-per-year change, cells declining/increasing and those whose 80% interval excludes zero, and the abundance-weighted regional trend with its 80% interval computed across the 100 model folds. Use for "is X increasing or declining".',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    species: speciesArgument,
    region: optionalRegionArgument.describe('Country or US state (name or code); omit for every trend cell'),
    season: z
      .string()
      .min(1)
      .max(40)
      .optional()
      .describe('Trend season (e.g. breeding); omit when the species has only one'),
  }),
  output: trendSummaryResultSchema,
  async run(args, context) {
    const subject = await resolveSubject(
      context,
      ['species', 'trends', 'trends_folds'],
      args.species,
      args.region,
    );
    if ('code' in subject) return subject;
    const seasonFilter = args.season === undefined ? '' : ` AND t.season = ${sqlString(args.season)}`;
    // abd_ppy is the median percent-per-year change; abd_ppy_nonzero is TRUE iff the 80% interval
    // (10th–90th percentile of the folds) excludes zero (FORMAT.md §4, verified).
    const cellSql = `SELECT t.season, count(*) AS cells, avg(t.abd_ppy) AS cell_mean_ppy, median(t.abd_ppy) AS cell_median_ppy,
        count(*) FILTER (WHERE t.abd_ppy < 0) AS negative, count(*) FILTER (WHERE t.abd_ppy > 0) AS positive,
        count(*) FILTER (WHERE t.abd_ppy_nonzero AND t.abd_ppy < 0) AS declining_ci_excludes_zero,
        count(*) FILTER (WHERE t.abd_ppy_nonzero AND t.abd_ppy > 0) AS increasing_ci_excludes_zero,
        sum(t.abd * t.abd_ppy) / sum(t.abd) AS weighted_mean_ppy, min(t.release) AS release, min(t.start_year) AS start_year,
        max(t.end_year) AS end_year, min(t.start_date) AS start_date, max(t.end_date) AS end_date
      FROM trends AS t WHERE ${subject.where('t')}${seasonFilter} GROUP BY t.season ORDER BY t.season`;
    const cellQuery = await runQuery(context, cellSql, { maxRows: 20 });
    const perSeason = previewRows(cellQuery.table, cellQuery.rows) as unknown as CellStats[];
    if (perSeason.length === 0) {
      return toolFailure(
        'no_data',
        `no_data: no trend cells for ${subject.describe()}${args.season ? ` in season '${args.season}'` : ''}.`,
        { hint: 'Call species_profile to see whether this species has trends, and for which season.' },
      );
    }
    if (perSeason.length > 1) {
      return toolFailure(
        'ambiguous',
        `ambiguous: trends exist for several seasons (${perSeason.map((row) => row.season).join(', ')}). Call again with season.`,
      );
    }
    const cells = perSeason[0];
    const { trend: folds, query: foldQuery } = await regionalTrend(
      context,
      subject.species.species_code,
      cells.season,
      `SELECT t.srd_id FROM trends AS t WHERE ${subject.where('t')} AND t.season = ${sqlString(cells.season)}`,
    );
    const direction =
      folds.lower_ppy !== null && folds.upper_ppy !== null
        ? folds.upper_ppy < 0
          ? 'declining'
          : folds.lower_ppy > 0
            ? 'increasing'
            : 'no clear trend (80% interval includes zero)'
        : 'unknown';
    // The trend map: every trend cell of the subject, its own grid, its interval beside its value.
    const mapQuery = await runQuery(
      context,
      `SELECT t.srd_id AS cell_id, t.lon, t.lat, coalesce(t.state_code, t.country_code) AS region_code, t.abd_ppy AS value,
          t.abd_ppy_lower AS lower, t.abd_ppy_upper AS upper
        FROM trends AS t WHERE ${subject.where('t')} AND t.season = ${sqlString(cells.season)} ORDER BY t.srd_id`,
      { maxRows: 2_000_000, maxBytes: 200_000_000, timeoutMs: 30_000 },
    );
    context.attach({
      kind: 'map-layer',
      payload: buildTrendLayer({
        table: mapQuery.table,
        name: `${subject.species.common_name}: ${cells.season} trend ${cells.start_year}–${cells.end_year}${subject.region ? `, ${subject.region.name}` : ''}`,
        color: nextLayerColor(context.session.id),
        sourceTables: mapQuery.tablesRead,
        sql: mapQuery.sql,
        callId: context.callId,
      }),
    });
    const years = cells.end_year - cells.start_year;
    return {
      species: speciesRef(subject),
      region: regionRef(subject),
      season: cells.season,
      period: {
        start_year: cells.start_year,
        end_year: cells.end_year,
        season_window: `${cells.start_date} to ${cells.end_date}`,
        release: cells.release,
      },
      unit: 'percent per year (abd_ppy)',
      regional_trend: {
        median_ppy: folds.median_ppy,
        ci80: [folds.lower_ppy, folds.upper_ppy] satisfies [number | null, number | null],
        folds: folds.folds,
        direction,
        cumulative_percent:
          folds.median_ppy === null ? null : 100 * ((1 + folds.median_ppy / 100) ** years - 1),
        rule: 'per fold the abundance-weighted mean of abd_ppy over the cells; then the median and the 10th/90th percentiles across folds',
      },
      cells: {
        count: cells.cells,
        mean_ppy: cells.cell_mean_ppy,
        median_ppy: cells.cell_median_ppy,
        negative: cells.negative,
        positive: cells.positive,
        declining_ci_excludes_zero: cells.declining_ci_excludes_zero,
        increasing_ci_excludes_zero: cells.increasing_ci_excludes_zero,
        abundance_weighted_mean_ppy: cells.weighted_mean_ppy,
      },
      ...resultFields({
        count: cells.cells,
        queries: [...subject.queries, cellQuery, foldQuery, mapQuery],
        scope: `${subject.describe().replace('every modelled cell in this build', 'every trend cell in this build')}, ${cells.season} trends ${cells.start_year}–${cells.end_year}`,
        caveats: [
          ...subjectCaveats(subject, { regionless: 'silent' }),
          `Trends cover ${cells.start_year}–${cells.end_year} (the ${cells.release} trends release, season window ${cells.start_date} to ${cells.end_date}), not the status release's year; compare releases only with care.`,
          'Trend cells are a separate ~27 km grid (srd_id), not the status cells.',
          'Per-cell mean and median are unweighted; the regional trend weights cells by abundance, so the two can differ in sign.',
        ],
      }),
    };
  },
});
