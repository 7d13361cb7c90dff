import { z } from 'zod';

/**
 * The query frame: what a question asks, as parts. The question reader (`src/reader`) turns text
 * into a frame once; the `query_status` tool computes the figures a frame asks for; the offline
 * planner and Gemini/OpenAI models both call that tool with a frame. A new measure, operation,
 * time phrase or place is one entry in one of these lists (and one branch where it is computed),
 * never a new question template.
 *
 * One zod schema is both the tool's argument check and the JSON Schema a model sees, so every
 * field is described for a model and every object is strict (extras rejected).
 */

/** What is measured. Names follow the weekly/seasonal products (docs/data-model.md). */
export const MEASURES = {
  abundance:
    'relative abundance: expected count on a standard 2 km, 1 h eBird checklist (an index, not a head count)',
  occurrence: 'chance of detection: probability (0–1) of reporting the species on a standard checklist',
  count: 'expected count on a checklist where the species is detected',
  proportion_population: 'share (0–1) of the range-wide population in a place that week',
  range_area: 'area of the seasonal range polygons (km²)',
  trend: 'population trend: % change in relative abundance per year (breeding season, trends release)',
} as const;
export type Measure = keyof typeof MEASURES;

/** A measure in the words of a reading ("I read this as: relative abundance · …"), one table for the reader, the tool and the page. */
export const MEASURE_LABELS: Readonly<Record<Measure, string>> = {
  abundance: 'relative abundance',
  occurrence: 'chance of detection',
  count: 'count per checklist',
  proportion_population: 'share of the population',
  range_area: 'range area',
  trend: 'population trend',
};
export const MEASURE_NAMES = Object.keys(MEASURES) as [Measure, ...Measure[]];

/** What is done with the measure over the place and time. */
export const OPERATIONS = {
  value:
    'the mean (and total) over the place and time; with two times, places or species: each, side by side',
  where_highest: 'the top cells and regions by the measure (top_n)',
  where_lowest: 'the bottom modelled cells and regions by the measure (top_n)',
  when_highest: 'the week the place-wide mean is highest (within the time, if given)',
  when_lowest: 'the week the place-wide mean is lowest (within the time, if given)',
  first_week_above: 'the first week whose place-wide mean reaches the threshold (arrival)',
  last_week_above: 'the last week whose place-wide mean reaches the threshold (departure)',
  length_of_stay: 'weeks from the first to the last week at or above the threshold',
  biggest_rise: 'the week-to-week change with the largest increase of the place-wide mean',
  biggest_drop: 'the week-to-week change with the largest decrease of the place-wide mean',
  cells_above: 'how many modelled cells, and what share of them, are at or above the threshold',
  centre: 'the abundance-weighted centre of the population (lon/lat and nearest town)',
  which_larger: 'of two times, places or species: which has the larger value, and by how much',
  rank_species: 'every species in the data, ranked by the measure over the place and time',
} as const;
export type Operation = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as [Operation, ...Operation[]];

export const SEASON_NAMES = [
  'breeding',
  'nonbreeding',
  'prebreeding_migration',
  'postbreeding_migration',
] as const;
export type Season = (typeof SEASON_NAMES)[number];

/**
 * When. Weeks are the release's 52 weekly estimates (week i = day 4 + 7(i − 1) of the year). A
 * season is kept as a season (its weeks differ per species: the `seasons` table), everything
 * else as an inclusive week span; a span with from > to wraps the new year (Dec–Jan).
 */
export const timeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('year').describe('all 52 weeks') }),
  z.strictObject({
    kind: z.literal('weeks'),
    from: z.number().int().min(1).max(52).describe('first week, 1–52'),
    to: z
      .number()
      .int()
      .min(1)
      .max(52)
      .describe('last week, 1–52 (inclusive; less than from wraps the new year)'),
    label: z.string().min(1).max(80).describe('the time in words, e.g. "mid-June", "Memorial Day (May 25)"'),
  }),
  z.strictObject({
    kind: z.literal('season'),
    season: z.enum(SEASON_NAMES).describe("one of eBird's four seasons of this species"),
  }),
]);
export type TimeSpec = z.infer<typeof timeSchema>;

/**
 * Where. `region` is a country or state of the `regions` table; `part` a named part of a region
 * defined from the data (src/frame/region-parts.ts); `near` a point with a radius.
 */
export const placeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all').describe('every modelled cell of the data') }),
  z.strictObject({
    kind: z.literal('region'),
    code: z.string().min(2).max(12).describe('region code, e.g. USA-MI or USA'),
  }),
  z.strictObject({
    kind: z.literal('part'),
    part: z
      .string()
      .min(2)
      .max(40)
      .describe('a named part of a region, e.g. upper_peninsula (see the tool description)'),
  }),
  z.strictObject({
    kind: z.literal('near'),
    name: z.string().min(1).max(80).describe('the town or place, for the answer'),
    lon: z.number().min(-180).max(180),
    lat: z.number().min(-90).max(90),
    radius_km: z
      .number()
      .min(1)
      .max(500)
      .default(50)
      .describe('cells whose centre lies within this distance'),
  }),
]);
export type PlaceSpec = z.infer<typeof placeSchema>;

export const UNITS = ['km2', 'mi2', 'acres', 'hectares', 'percent'] as const;
export type AreaUnit = (typeof UNITS)[number];

export const queryFrameSchema = z.strictObject({
  species: z
    .array(z.string().min(1).max(100))
    .max(2)
    .describe(
      'eBird species codes (find_species gives them); two to compare species; empty with rank_species',
    ),
  measure: z.enum(MEASURE_NAMES).describe('what is measured'),
  operation: z.enum(OPERATION_NAMES).describe('what is done with it'),
  times: z
    .array(timeSchema)
    .max(4)
    .describe(
      "no entry = the whole year (or the measure's own season); two to four to compare times (e.g. the four seasons)",
    ),
  places: z.array(placeSchema).max(2).describe('no entry = every modelled cell; two to compare places'),
  threshold: z
    .strictObject({
      value: z.number().min(0).describe('the threshold'),
      of: z
        .enum(['value', 'peak_share'])
        .describe("value: in the measure's unit; peak_share: a share (0–1) of the peak weekly mean"),
    })
    .optional()
    .describe(
      'for first_week_above, last_week_above, length_of_stay and cells_above; default 25% of the peak',
    ),
  top_n: z.number().int().min(1).max(25).optional().describe('how many cells or regions to list (default 5)'),
  units: z.enum(UNITS).optional().describe('area unit for range_area (default km2)'),
  interval: z
    .boolean()
    .optional()
    .describe('also give the lower/upper bounds where the data holds them (abundance)'),
});
export type QueryFrame = z.infer<typeof queryFrameSchema>;

/** The default threshold: the arrival rule weekly_series states (first/last week at ≥ 25% of the peak mean). */
export const DEFAULT_THRESHOLD = { value: 0.25, of: 'peak_share' } as const;
