import { REGION_LIST_SQL, type RegionListRow } from './support/region-list';
import { z } from 'zod';
import { previewRows, type QueryResult } from '../engine';
import { defineTool } from './define-tool';
import { RESULT_FIELDS, resultFields } from './support/result-fields';
import { NEWEST_RELEASE_ONLY } from './support/resolve-species';
import { runQuery } from './support/run-query';

/**
 * Towns listed to a reader, a page at a time: those on modelled cells first, the most populous
 * first. Rows go out as tuples (about 45 bytes a town), so 300 keep a page under the 16 KB result
 * budget. The offline planner asks PLACE_PAGES pages: the example's 953 towns within 100 km of
 * its cells (447 in Michigan, down to Grayling's 1,884 people) fit in four.
 */
const MAX_PLACES = 300;

/** Prediction-area extent over a region's extent (intersection over union) at which the data counts as masked to it (the example: 0.99). */
const MASK_MATCH = 0.9;

/** Regions as sent: [code, name, type, parent_code] (287 regions in the example: 10 KB as tuples, 24 KB as objects). */
const regionTuple = z.tuple([z.string(), z.string(), z.enum(['country', 'state']), z.string().nullable()]);
export type RegionTuple = z.infer<typeof regionTuple>;

/** Towns as sent: [name, region_code, lon, lat, population] (about 45 bytes a town). */
const placeTuple = z.tuple([z.string(), z.string().nullable(), z.number(), z.number(), z.number()]);

const namesSchema = z.strictObject({
  part: z.literal('names'),
  species: z.array(
    z.strictObject({
      code: z.string(),
      common_name: z.string(),
      scientific_name: z.string(),
      /** Present (true) only for a simulated species. */
      simulated: z.literal(true).optional(),
    }),
  ),
  regions: z.array(regionTuple),
  parts: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      aliases: z.array(z.string()),
      parent_code: z.string(),
    }),
  ),
  release: z.number().int(),
  /** Older releases of a species, each under its own code; a name means the newest (`species`). */
  olderReleases: z
    .array(z.strictObject({ code: z.string(), of: z.string(), release: z.number().int() }))
    .optional(),
  trendYears: z.strictObject({ start: z.number().int(), end: z.number().int() }).optional(),
  maskRegion: z.string().optional(),
});
const placesSchema = z.strictObject({ part: z.literal('places'), places: z.array(placeTuple) });
type Names = z.infer<typeof namesSchema>;
type Places = z.infer<typeof placesSchema>;

export const dataVocabularyResultSchema = z.discriminatedUnion('part', [
  namesSchema.extend(RESULT_FIELDS),
  placesSchema.extend(RESULT_FIELDS),
]);
export type DataVocabularyResult = z.infer<typeof dataVocabularyResultSchema>;

export const dataVocabulary = defineTool({
  name: 'data_vocabulary',
  description:
    'The names this data knows, to read a question against: part "names" gives species (code, common and scientific name), countries and states as [code, name, type, parent_code], named parts of regions (e.g. Upper Peninsula), the release year, the years trends cover and the region the data is masked to; part "places" gives towns as [name, region_code, lon, lat, population], those on modelled cells and the most populous first. Call once per conversation.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    part: z
      .enum(['names', 'places'])
      .describe('names: species, regions, parts, years, mask; places: towns with coordinates'),
    page: z
      .number()
      .int()
      .min(0)
      .max(9)
      .default(0)
      .describe(`places: which ${MAX_PLACES} towns (0 = the first)`),
  }),
  output: dataVocabularyResultSchema,
  async run(args, context) {
    const inScope = (table: string) => context.session.datasets.includes(table);
    const queries: QueryResult[] = [];
    const rows = async <T>(sql: string): Promise<T[]> => {
      const query = await runQuery(context, sql, { maxRows: 100_000 });
      queries.push(query);
      return previewRows(query.table, query.rows) as unknown as T[];
    };
    const vocabulary =
      args.part === 'names' ? await readNames(inScope, rows) : await readPlaces(inScope, rows, args.page);
    return {
      ...vocabulary,
      ...resultFields({ count: 1, queries, scope: `the ${args.part} of this session's data`, caveats: [] }),
    };
  },
});

type Rows = <T>(sql: string) => Promise<T[]>;

async function readNames(inScope: (table: string) => boolean, rows: Rows): Promise<Names> {
  const species = inScope('species')
    ? await rows<{
        code: string;
        common_name: string;
        scientific_name: string;
        simulated: boolean;
        release: number;
      }>(
        // The newest release of each species: a name means it, and an older release (kept apart as <code>-<release>) is no second species to ask about.
        `SELECT species_code AS code, common_name, scientific_name, simulated, release FROM species ${NEWEST_RELEASE_ONLY} ORDER BY common_name`,
      )
    : [];
  const older = inScope('species')
    ? await rows<{ code: string; of: string; release: number }>(
        'SELECT s.species_code AS code, n.species_code AS of, s.release FROM species AS s JOIN species AS n ON n.scientific_name = s.scientific_name AND n.release > s.release QUALIFY n.release = max(n.release) OVER (PARTITION BY s.species_code) ORDER BY code',
      )
    : [];
  const regions = inScope('regions') ? await rows<RegionListRow>(REGION_LIST_SQL) : [];
  const parts = inScope('region_parts')
    ? (
        await rows<{ id: string; name: string; aliases: string | null; parent_code: string }>(
          'SELECT part_id AS id, name, aliases, parent_code FROM region_parts ORDER BY part_id',
        )
      ).map((part) => ({
        ...part,
        aliases: (part.aliases ?? '')
          .split(',')
          .map((alias) => alias.trim())
          .filter(Boolean),
      }))
    : [];
  const [years] = inScope('trends_summary')
    ? await rows<{ start: number | null; end: number | null }>(
        'SELECT min(start_year) AS start, max(end_year) AS "end" FROM trends_summary',
      )
    : [];
  const maskRegion = inScope('ranges') && inScope('regions') ? await readMask(rows) : undefined;
  return {
    part: 'names',
    species: species.map(({ code, common_name, scientific_name, simulated }) => ({
      code,
      common_name,
      scientific_name,
      ...(simulated ? { simulated: true as const } : {}),
    })),
    regions: regions.map(
      (region): RegionTuple => [region.code, region.name, region.type, region.parent_code],
    ),
    parts,
    release: species.reduce((newest, row) => Math.max(newest, row.release), 0) || new Date().getUTCFullYear(),
    ...(older.length > 0 ? { olderReleases: older } : {}),
    ...(years?.start != null && years.end != null
      ? { trendYears: { start: years.start, end: years.end } }
      : {}),
    ...(maskRegion ? { maskRegion } : {}),
  };
}

/** The region whose extent the prediction areas match (the example is masked to Michigan), if any. */
async function readMask(rows: Rows): Promise<string | undefined> {
  const sql = `WITH p AS (SELECT min(xmin) AS xmin, min(ymin) AS ymin, max(xmax) AS xmax, max(ymax) AS ymax FROM ranges WHERE layer = 'prediction_area'),
  o AS (SELECT r.region_code, greatest(0, least(p.xmax, r.xmax) - greatest(p.xmin, r.xmin)) * greatest(0, least(p.ymax, r.ymax) - greatest(p.ymin, r.ymin)) AS overlap,
    (p.xmax - p.xmin) * (p.ymax - p.ymin) AS area_p, (r.xmax - r.xmin) * (r.ymax - r.ymin) AS area_r FROM p, regions AS r)
SELECT region_code, overlap / (area_p + area_r - overlap) AS match FROM o WHERE overlap > 0 ORDER BY match DESC LIMIT 1`;
  const [best] = await rows<{ region_code: string; match: number | null }>(sql);
  return best && best.match !== null && best.match >= MASK_MATCH ? best.region_code : undefined;
}

async function readPlaces(inScope: (table: string) => boolean, rows: Rows, page: number): Promise<Places> {
  if (!inScope('places')) return { part: 'places', places: [] };
  // A town within half a cell's diagonal (19.1 km) of a cell centre stands on modelled ground.
  const places = await rows<{
    name: string;
    region_code: string | null;
    lon: number;
    lat: number;
    population: number;
  }>(
    `SELECT name, region_code, round(lon, 4) AS lon, round(lat, 4) AS lat, population FROM places ORDER BY nearest_cell_km <= 19.1 DESC, population DESC, name, place_id LIMIT ${MAX_PLACES} OFFSET ${page * MAX_PLACES}`,
  );
  return {
    part: 'places',
    places: places.map((place) => [place.name, place.region_code, place.lon, place.lat, place.population]),
  };
}
