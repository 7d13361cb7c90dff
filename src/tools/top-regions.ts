import { SEASON_NAMES } from '../frame/query-frame';
import { speciesArgument } from './support/tool-arguments';
import { z } from 'zod';
import { defineTool } from './define-tool';
import { RESULT_FIELDS, resultFields } from './support/result-fields';
import { speciesRef, speciesRefSchema } from './support/result-subject';
import { resolveSubject, subjectCaveats } from './support/resolve-subject';
import { rankRegionsByPopulation, regionPopulationSchema } from './support/rank-regions-by-population';
import { loadSeasons, seasonCaveats } from './support/season-weeks';

const percent = (fraction: number | null) =>
  fraction === null ? null : `${(fraction * 100).toFixed(fraction < 0.001 ? 3 : 1)}%`;

export const topRegionsResultSchema = z.strictObject({
  species: speciesRefSchema,
  season: z.string(),
  regions: z.array(
    regionPopulationSchema.extend({
      total_pop_percent: z.string().nullable(),
      range_occupied_percent: z.string().nullable(),
    }),
  ),
  ...RESULT_FIELDS,
});
export type TopRegionsResult = z.infer<typeof topRegionsResultSchema>;

export const topRegions = defineTool({
  name: 'top_regions',
  description:
    "Countries and states ranked by their share of a species' seasonal population, from eBird's own regional statistics: share of population, share of range, share of region occupied, mean abundance, peak week. Fractions are 0–1; *_percent fields say them in words.",
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    species: speciesArgument,
    season: z.enum(SEASON_NAMES).describe('Season'),
    region_type: z
      .enum(['country', 'state', 'any'])
      .default('any')
      .describe('Rank countries, states or both'),
    limit: z.number().int().min(1).max(50).default(10).describe('Most regions to return'),
  }),
  output: topRegionsResultSchema,
  async run(args, context) {
    const subject = await resolveSubject(context, ['species', 'seasons', 'regional_stats'], args.species);
    if ('code' in subject) return subject;
    const { seasons, query: seasonsQuery } = await loadSeasons(context, subject.species.species_code);
    const { rows, query } = await rankRegionsByPopulation(context, {
      speciesCode: subject.species.species_code,
      season: args.season,
      regionType: args.region_type === 'any' ? undefined : args.region_type,
      limit: args.limit,
    });
    const regions = rows.slice(0, args.limit).map((row) => ({
      ...row,
      total_pop_percent: percent(row.total_pop_fraction),
      range_occupied_percent: percent(row.range_occupied_fraction),
    }));
    const truncated = rows.length > args.limit;
    return {
      species: speciesRef(subject),
      season: args.season,
      regions,
      ...resultFields({
        count: regions.length,
        truncated,
        note: truncated ? `more regions exist; raise limit (max 50) to see them` : undefined,
        queries: [...subject.queries, seasonsQuery, query],
        scope: `${subject.species.common_name} (${subject.species.species_code}), ${args.season}, regions eBird reports (${args.region_type})`,
        caveats: [
          ...subjectCaveats(subject, { regionless: 'silent' }),
          "The *_fraction columns are shares 0–1 (eBird's CSV calls them percent); 0.35 means 35%. A country and its states overlap, so shares of different region types do not add up.",
          "Computed by eBird at full resolution over the whole range: not reproducible exactly from this build's 27 km cells.",
          ...seasonCaveats(
            seasons.filter((season) => season.season === args.season),
            subject.species.is_resident,
          ),
        ],
      }),
    };
  },
});
