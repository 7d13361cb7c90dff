import { z } from 'zod';
import { MEASURE_NAMES, OPERATION_NAMES } from './query-frame';

/**
 * What `query_status` returns for a frame: one zod schema → the type the offline planner and the
 * answer writer read → a test that every result the tool gives matches it. Numbers are as
 * computed (the writer rounds them); NULL = not modelled, 0 = predicted absent, never mixed.
 */

/** One week's place-wide figure: `value` the mean over modelled cells, `total` the sum (an index for abundance, the population share for proportion_population). */
const weekPoint = z.strictObject({
  week: z.number().int(),
  date: z.string(),
  value: z.number().nullable(),
  total: z.number().nullable().optional(),
});

const cell = z.strictObject({
  cell_id: z.number().int(),
  lon: z.number(),
  lat: z.number(),
  value: z.number().nullable(),
  /** "12 km SW of Marquette, MI" — the nearest town of the places table, or null without one. */
  near: z.string().nullable(),
  /** "western Upper Peninsula" — the named part, else state, else country the cell lies in, with its side (tools/status/cell-area.ts). */
  area: z.string().nullable().optional(),
  region_code: z.string().nullable(),
});

const regionShare = z.strictObject({
  code: z.string(),
  name: z.string(),
  value: z.number().nullable(),
  cells: z.number().int(),
});

/** One (species × time × place) the frame names; a comparison has two. */
export const statusSubjectSchema = z.strictObject({
  species_code: z.string(),
  common_name: z.string(),
  time_label: z.string(),
  place_label: z.string(),
  /** Weeks read (for a season: its weeks for this species). */
  weeks: z.array(z.number().int()),
  cells_in_place: z.number().int(),
  cells_modelled: z.number().int(),
  cells_zero: z.number().int(),
  /** The highest single-week value of any cell in the time: the best place at its best week. */
  cell_week_max: z.number().nullable().optional(),
  /** Modelled cells above 0 (predicted present) and their share of the modelled cells. */
  cells_present: z.number().int().optional(),
  present_share: z.number().optional(),
  /** The week of the highest place-wide mean within the time (value and week operations of weekly measures). */
  peak: weekPoint.nullable().optional(),
  /** The highest place-wide weekly mean of the whole year, when the time is shorter: the yardstick for "essentially absent" in winter. */
  year_peak: weekPoint.nullable().optional(),
  /**
   * The weeks the cell figures (cells_*, mean, total, cell_week_max) and the map cover, when they
   * are not all the weeks read: a week question over a large place maps the answer's week only.
   */
  cell_weeks: z.array(z.number().int()).optional(),
  /** Mean over modelled cells (and weeks) of the place and time; total = sum over cells of the per-cell means. */
  mean: z.number().nullable(),
  total: z.number().nullable(),
  lower: z.number().nullable().optional(),
  upper: z.number().nullable().optional(),
  /** when_highest / when_lowest / first_week_above / last_week_above. */
  week: weekPoint.nullable().optional(),
  /** length_of_stay: first and last week at or above the threshold and the weeks between (inclusive). */
  stay: z.strictObject({ first: weekPoint, last: weekPoint, weeks: z.number().int() }).nullable().optional(),
  /** biggest_rise / biggest_drop: from one week to the next. */
  change: z.strictObject({ from: weekPoint, to: weekPoint, change: z.number() }).nullable().optional(),
  /** cells_above. */
  cells_above: z
    .strictObject({ count: z.number().int(), share: z.number(), threshold: z.number() })
    .optional(),
  /** The threshold used, in the measure's unit, and how it was set. */
  threshold: z.strictObject({ value: z.number(), rule: z.string() }).optional(),
  top_cells: z.array(cell).optional(),
  top_regions: z.array(regionShare).optional(),
  /** eBird's regional statistics for the season (whole range): share of the population, share of the region the range occupies, mean abundance, peak week. */
  regional_stats: z
    .array(
      z.strictObject({
        code: z.string(),
        name: z.string().nullable(),
        total_pop_fraction: z.number().nullable(),
        range_occupied_fraction: z.number().nullable(),
        abundance_mean: z.number().nullable(),
        max_week: z.string().nullable(),
      }),
    )
    .optional(),
  centre: z
    .strictObject({
      lon: z.number(),
      lat: z.number(),
      near: z.string().nullable(),
      area: z.string().nullable().optional(),
    })
    .optional(),
  /** range_area: the range polygons of the season(s). */
  area: z
    .strictObject({
      value: z.number(),
      unit: z.string(),
      season: z.string(),
      km2: z.number(),
      /** Lon/lat extent of the range polygons (whole data only). */
      extent: z
        .strictObject({ xmin: z.number(), ymin: z.number(), xmax: z.number(), ymax: z.number() })
        .optional(),
      /** The area the range is a part of: the prediction area, or the place's modelled cells; and the range's share of it. */
      of_km2: z.number().optional(),
      share: z.number().optional(),
    })
    .optional(),
  /** trend: per-cell % per year over the trend cells of the place. */
  trend: z
    .strictObject({
      start_year: z.number().int(),
      end_year: z.number().int(),
      cells: z.number().int(),
      median_ppy: z.number(),
      mean_ppy: z.number(),
      weighted_ppy: z.number().nullable(),
      cells_negative: z.number().int(),
      cells_interval_excludes_zero: z.number().int(),
      cells_positive: z.number().int(),
      /** Cells whose 80% interval lies wholly below / above zero. */
      cells_surely_declining: z.number().int(),
      cells_surely_increasing: z.number().int(),
      /** The regional (else median) trend compounded over the years: % change from start to end year. */
      cumulative_percent: z.number().nullable(),
      /** The regional trend across the 100 model folds (abundance-weighted per fold): median and 80% interval. */
      regional: z
        .strictObject({
          median_ppy: z.number(),
          lower_ppy: z.number(),
          upper_ppy: z.number(),
          folds: z.number().int(),
        })
        .optional(),
    })
    .optional(),
  /** The weekly place-wide means behind a chart (52 points, or the weeks of the time). */
  series: z.array(weekPoint).optional(),
});
export type StatusSubject = z.infer<typeof statusSubjectSchema>;

export const statusResultSchema = z.strictObject({
  /** How the frame was read, one line: "relative abundance · where highest · breeding season · Michigan". */
  read_as: z.string(),
  measure: z.enum(MEASURE_NAMES),
  operation: z.enum(OPERATION_NAMES),
  unit: z.string(),
  subjects: z.array(statusSubjectSchema),
  /** which_larger: index of the larger subject, the difference and the ratio (larger / smaller). */
  comparison: z
    .strictObject({ larger: z.number().int(), difference: z.number(), ratio: z.number().nullable() })
    .optional(),
  /** rank_species. */
  ranking: z
    .array(
      z.strictObject({ species_code: z.string(), common_name: z.string(), value: z.number().nullable() }),
    )
    .optional(),
  caveats: z.array(z.string()),
  /** The SQL that produced the figures, for the trace. */
  sql: z.array(z.string()),
});
export type StatusResult = z.infer<typeof statusResultSchema>;
