import { z } from 'zod';
import { previewRows } from '../engine';
import { defineTool } from './define-tool';
import { RESULT_FIELDS, resultFields } from './support/result-fields';
import { regionRef, regionRefSchema, speciesRef, speciesRefSchema } from './support/result-subject';
import { resolveSubject, subjectCaveats } from './support/resolve-subject';
import { runQuery } from './support/run-query';
import { optionalRegionArgument, speciesArgument } from './support/tool-arguments';
import { loadSeasons, seasonCaveats, SEASON_ORDER } from './support/season-weeks';
import { buildBarChart } from './support/bar-chart';
import { seasonWords } from './support/season-colors';
import { seasonalMissing } from './support/seasonal-missing';

const PRODUCTS = ['abundance', 'occurrence', 'count'] as const;

interface SeasonStats {
  season: string;
  mean: number | null;
  max_cell: number | null;
  cells_modelled: number;
  cells_zero: number;
}

export const seasonalSummaryResultSchema = z.strictObject({
  species: speciesRefSchema,
  region: regionRefSchema,
  product: z.enum(PRODUCTS),
  /** Chronological, then full_year; mean over modelled cells of the per-cell seasonal mean. */
  seasons: z.array(
    z.strictObject({
      season: z.string(),
      mean: z.number().nullable(),
      max_cell: z.number().nullable(),
      cells_modelled: z.number().int(),
      cells_zero: z.number().int(),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      weeks: z.number().int().nullable(),
      passed_review: z.boolean().nullable(),
      quality: z.number().nullable(),
    }),
  ),
  /** Season names, highest mean first (full_year and failed seasons left out). */
  ranking: z.array(z.string()),
  highest: z.strictObject({ season: z.string(), mean: z.number().nullable() }).nullable(),
  ...RESULT_FIELDS,
});
export type SeasonalSummaryResult = z.infer<typeof seasonalSummaryResultSchema>;

export const seasonalSummary = defineTool({
  name: 'seasonal_summary',
  description:
    'Mean of each season (prebreeding_migration, breeding, postbreeding_migration, nonbreeding, plus full_year) for one species, optionally in one region, over modelled cells, from the seasonal table; seasons ranked, with dates, expert review and caveats. Use for "in which season is X most common".',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    species: speciesArgument,
    region: optionalRegionArgument,
    product: z
      .enum(PRODUCTS)
      .default('abundance')
      .describe('Seasonal product: abundance, occurrence or count (their *_mean columns)'),
  }),
  output: seasonalSummaryResultSchema,
  async run(args, context) {
    const subject = await resolveSubject(
      context,
      ['species', 'seasons', 'seasonal'],
      args.species,
      args.region,
    );
    if ('code' in subject) return subject;
    const missing = seasonalMissing(subject.species);
    if (missing) return missing;
    const { seasons, query: seasonsQuery } = await loadSeasons(context, subject.species.species_code);
    const column = `s.${args.product}_mean`;
    // The pipeline wrote one row per cell and season with a `season` column, so the seasonal
    // rasters' non-chronological band order (breeding, nonbreeding, prebreeding, postbreeding —
    // FORMAT.md §1c) cannot leak in; NULL (not modelled) is skipped by avg, 0 is kept.
    const sql = `SELECT s.season, avg(${column}) AS mean, max(${column}) AS max_cell, count(${column}) AS cells_modelled,
        count(*) FILTER (WHERE ${column} = 0) AS cells_zero
      FROM seasonal AS s WHERE ${subject.where('s')} GROUP BY s.season`;
    const query = await runQuery(context, sql, { maxRows: 20 });
    const stats = previewRows(query.table, query.rows) as unknown as SeasonStats[];
    const order = (season: string) => (SEASON_ORDER as readonly string[]).indexOf(season) + 1 || 99;
    const rows = stats
      .sort((a, b) => order(a.season) - order(b.season))
      .map((row) => {
        const season = seasons.find((candidate) => candidate.season === row.season);
        return {
          ...row,
          start_date: season?.start_date ?? null,
          end_date: season?.end_date ?? null,
          weeks: season?.weeks ?? (row.season === 'full_year' ? 52 : null),
          passed_review: season?.passed_review ?? null,
          quality: season?.quality ?? null,
        };
      });
    const ranked = rows
      .filter((row) => row.season !== 'full_year' && row.mean !== null && row.passed_review !== false)
      .sort((a, b) => b.mean! - a.mean!);
    // One bar per season in the order of the year; full_year is the mean of all of them, not a season.
    const bars = rows.filter((row) => row.season !== 'full_year');
    context.attach({
      kind: 'chart',
      payload: buildBarChart({
        id: `${context.callId}-chart`,
        title: `${subject.species.common_name}: mean ${args.product} by season${subject.region ? `, ${subject.region.name}` : ''}`,
        bars: bars.map((row) => ({
          label: seasonWords(row.season),
          value: row.mean,
          extra: { season: row.season, cells_modelled: row.cells_modelled },
        })),
        xLabel: 'season',
        yLabel: `mean ${args.product}`,
        sourceTables: query.tablesRead,
        sql: query.sql,
        callId: context.callId,
      }),
    });
    return {
      species: speciesRef(subject),
      region: regionRef(subject),
      product: args.product,
      seasons: rows,
      ranking: ranked.map((row) => row.season),
      highest: ranked[0] ? { season: ranked[0].season, mean: ranked[0].mean } : null,
      ...resultFields({
        count: rows.length,
        queries: [...subject.queries, seasonsQuery, query],
        scope: `${subject.describe()}, seasonal mean ${args.product} per cell, averaged over cells`,
        caveats: [
          ...subjectCaveats(subject),
          'Each figure is the mean over modelled cells of the per-cell seasonal mean (the mean of the weekly medians inside the season); NULL cells are left out, zeros kept.',
          'Seasons that failed expert review are left out of the ranking.',
          ...seasonCaveats(seasons, subject.species.is_resident),
        ],
      }),
    };
  },
});
