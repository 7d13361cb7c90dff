import { z } from 'zod';
import { previewRows } from '../engine/preview-rows';
import { defineTool } from './define-tool';
import { resultFields } from './support/result-fields';
import { resolveSubject, subjectCaveats } from './support/resolve-subject';
import { runQuery } from './support/run-query';
import { loadSeasons, seasonCaveats } from './support/season-weeks';
import { sqlString } from './support/sql-literal';

const percent = (fraction: number | null) =>
  fraction === null ? null : `${(fraction * 100).toFixed(fraction < 0.001 ? 3 : 1)}%`;

export const topRegions = defineTool({
  name: 'top_regions',
  description:
    "Countries and states ranked by their share of a species' seasonal population, from eBird's own regional statistics: share of population, share of range, share of region occupied, mean abundance, peak week. Fractions are 0–1; *_percent fields say them in words.",
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    species: z.string().min(1).max(100).describe('Common name, scientific name or eBird code'),
    season: z
      .enum(['breeding', 'nonbreeding', 'prebreeding_migration', 'postbreeding_migration'])
      .describe('Season'),
    region_type: z
      .enum(['country', 'state', 'any'])
      .default('any')
      .describe('Rank countries, states or both'),
    limit: z.number().int().min(1).max(50).default(10).describe('Most regions to return'),
  }),
  async run(args, context) {
    const subject = await resolveSubject(context, ['species', 'seasons', 'regional_stats'], args.species);
    if ('code' in subject) return subject;
    const { seasons, query: seasonsQuery } = await loadSeasons(context, subject.species.species_code);
    const typeFilter =
      args.region_type === 'any' ? '' : ` AND r.region_type = ${sqlString(args.region_type)}`;
    const sql = `SELECT r.region_code, r.region_name, r.region_type, r.total_pop_fraction, r.range_total_fraction, r.range_occupied_fraction,
        r.abundance_mean, r.range_days_occupation, r.max_week, r.max_week_pop_fraction
      FROM regional_stats AS r WHERE ${subject.where('r')} AND r.season = ${sqlString(args.season)}${typeFilter}
      ORDER BY r.total_pop_fraction DESC NULLS LAST, r.region_code LIMIT ${args.limit + 1}`;
    const query = await runQuery(context, sql, { maxRows: args.limit + 1 });
    const rows = previewRows(query.table, query.rows) as Record<string, number | string | null>[];
    const regions = rows.slice(0, args.limit).map((row) => ({
      ...row,
      total_pop_percent: percent(row.total_pop_fraction as number | null),
      range_occupied_percent: percent(row.range_occupied_fraction as number | null),
    }));
    const truncated = rows.length > args.limit;
    return {
      species: { code: subject.species.species_code, common_name: subject.species.common_name },
      season: args.season,
      regions,
      ...resultFields({
        count: regions.length,
        truncated,
        note: truncated ? `more regions exist; raise limit (max 50) to see them` : undefined,
        queries: [...subject.queries, seasonsQuery, query],
        scope: `${subject.species.common_name} (${subject.species.species_code}), ${args.season}, regions eBird reports (${args.region_type})`,
        caveats: [
          ...subjectCaveats(subject).filter((caveat) => !caveat.startsWith('No region given')),
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
