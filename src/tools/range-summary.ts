import { SEASON_NAMES } from '../frame/query-frame';
import { z } from 'zod';
import { previewRows, sqlString } from '../engine';
import { toolFailure } from '../registry';
import { defineTool } from './define-tool';
import { RESULT_FIELDS, resultFields } from './support/result-fields';
import { speciesRef, speciesRefSchema } from './support/result-subject';
import { resolveSubject, subjectCaveats } from './support/resolve-subject';
import type { RangeRow } from './support/range-row';
import { runQuery } from './support/run-query';
import { speciesArgument } from './support/tool-arguments';
import { loadSeasons, seasonCaveats } from './support/season-weeks';
import { rangeLayers } from './support/range-layers';

type RangeSummaryRow = Omit<RangeRow, 'season' | 'geometry_geojson'>;

export const rangeSummaryResultSchema = z.strictObject({
  species: speciesRefSchema,
  season: z.string(),
  smoothing: z.enum(['smooth', 'raw']),
  dates: z.strictObject({ start: z.string(), end: z.string() }),
  area_km2: z.number(),
  bbox: z.strictObject({ xmin: z.number(), ymin: z.number(), xmax: z.number(), ymax: z.number() }),
  prediction_area_km2: z.number().nullable(),
  share_of_prediction_area: z.number().nullable(),
  share_in_words: z.string().nullable(),
  ...RESULT_FIELDS,
});
export type RangeSummaryResult = z.infer<typeof rangeSummaryResultSchema>;

export const rangeSummary = defineTool({
  name: 'range_summary',
  description:
    'Size of a species\' seasonal range in ONE call: area in km² (equal-area EPSG:8857), bounding box, and its share of the prediction area (where the model made predictions). Use for "how big is X\'s breeding range".',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    species: speciesArgument,
    season: z.enum(SEASON_NAMES).describe('Season of the range'),
    smoothing: z.enum(['smooth', 'raw']).default('smooth').describe('smooth (eBird maps) or raw polygons'),
  }),
  output: rangeSummaryResultSchema,
  async run(args, context) {
    const subject = await resolveSubject(context, ['species', 'seasons', 'ranges'], args.species);
    if ('code' in subject) return subject;
    const { seasons, query: seasonsQuery } = await loadSeasons(context, subject.species.species_code);
    const sql = `SELECT r.layer, r.area_km2, r.xmin, r.ymin, r.xmax, r.ymax, r.start_date, r.end_date FROM ranges AS r
      WHERE ${subject.where('r')} AND r.season = ${sqlString(args.season)} AND r.smoothing = ${sqlString(args.smoothing)} ORDER BY r.layer`;
    const query = await runQuery(context, sql, { maxRows: 10 });
    const rows = previewRows(query.table, query.rows) as unknown as RangeSummaryRow[];
    const range = rows.find((row) => row.layer === 'range');
    const area = rows.find((row) => row.layer === 'prediction_area');
    if (!range)
      return toolFailure(
        'no_data',
        `no_data: no ${args.smoothing} ${args.season} range for ${subject.species.common_name}.`,
        { hint: 'Call species_profile to see which products and seasons exist.' },
      );
    const share = area ? range.area_km2 / area.area_km2 : null;
    for (const layer of await rangeLayers(context, {
      species: subject.species,
      seasons: [args.season],
      smoothing: args.smoothing,
      idPrefix: `${context.callId}-layer`,
    }))
      context.attach({ kind: 'map-layer', payload: layer });
    return {
      species: speciesRef(subject),
      season: args.season,
      smoothing: args.smoothing,
      dates: { start: range.start_date, end: range.end_date },
      area_km2: range.area_km2,
      bbox: { xmin: range.xmin, ymin: range.ymin, xmax: range.xmax, ymax: range.ymax },
      prediction_area_km2: area?.area_km2 ?? null,
      share_of_prediction_area: share,
      share_in_words:
        share === null
          ? null
          : `${(share * 100).toFixed(1)}% of the ${Math.round(area!.area_km2).toLocaleString('en-US')} km² prediction area`,
      ...resultFields({
        count: rows.length,
        queries: [...subject.queries, seasonsQuery, query],
        scope: `${subject.species.common_name} (${subject.species.species_code}), ${args.season} range, ${args.smoothing} polygons, the whole build's prediction area`,
        caveats: [
          ...subjectCaveats(subject, { regionless: 'silent' }),
          'The range is where seasonal relative abundance is above zero, inside the prediction area (where the model made predictions); outside it nothing is known.',
          'Areas are planar in EPSG:8857 (equal-area); they differ slightly from cell counts × 729 km².',
          ...seasonCaveats(
            seasons.filter((season) => season.season === args.season),
            subject.species.is_resident,
          ),
        ],
      }),
    };
  },
});
