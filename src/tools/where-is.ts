import { z } from 'zod';
import { previewRows } from '../engine';
import { defineTool } from './define-tool';
import { buildMapLayer, nextLayerColor } from './support/build-map-layer';
import { WEEKLY_PRODUCTS } from './support/products';
import { RESULT_FIELDS, resultFields, significant } from './support/result-fields';
import { speciesRef, speciesRefSchema } from './support/result-subject';
import { resolveSubject, subjectCaveats } from './support/resolve-subject';
import { runQuery } from './support/run-query';
import { optionalRegionArgument, speciesArgument, timeArguments } from './support/tool-arguments';
import { loadSeasons, seasonCaveats, seasonOfWeek } from './support/season-weeks';
import { selectTime } from './support/time-selection';

export const whereIsResultSchema = z.strictObject({
  species: speciesRefSchema,
  when: z.string(),
  weeks: z.array(z.number().int()),
  cells_modelled: z.number().int(),
  cells_not_modelled: z.number().int(),
  /** Modelled cells above 0 (predicted present). */
  cells_occupied: z.number().int(),
  occupied_share: z.number().nullable(),
  mean_abundance: z.number().nullable(),
  top_cells: z.array(
    z.strictObject({
      cell_id: z.number().int(),
      lon: z.number().nullable(),
      lat: z.number().nullable(),
      country_code: z.string().nullable(),
      state_code: z.string().nullable(),
      abundance: z.number().nullable(),
    }),
  ),
  /** Regions holding most of the abundance: their modelled cells, share of the total and mean. */
  top_regions: z.array(
    z.strictObject({
      region_code: z.string(),
      cells: z.number().int(),
      share_of_total: z.number().nullable(),
      mean: z.number().nullable(),
    }),
  ),
  map_layer: z.strictObject({ name: z.string(), features: z.number().int() }),
  ...RESULT_FIELDS,
});
export type WhereIsResult = z.infer<typeof whereIsResultSchema>;

export const whereIs = defineTool({
  name: 'where_is',
  description:
    'Where one species is at one time, in ONE call: give exactly one of week (1–52), date (YYYY-MM-DD), month (1–12) or season. Returns cells modelled / occupied, mean relative abundance, the top cells and the regions holding most of it, and adds a map layer of every cell (each call adds its own layer, so two calls compare two species).',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    species: speciesArgument,
    ...timeArguments,
    month: timeArguments.month.describe('Month 1–12; weekly values averaged per cell'),
    season: timeArguments.season.describe('Season; weekly values averaged per cell over its weeks'),
    region: optionalRegionArgument,
    top: z.number().int().min(1).max(25).default(5).describe('How many top cells and regions to list'),
  }),
  output: whereIsResultSchema,
  async run(args, context) {
    const subject = await resolveSubject(
      context,
      ['species', 'seasons', 'weekly', 'cells'],
      args.species,
      args.region,
    );
    if ('code' in subject) return subject;
    const { seasons, query: seasonsQuery } = await loadSeasons(context, subject.species.species_code);
    const time = selectTime(args, seasons, subject.species.release);
    if ('code' in time) return time;
    // avg skips NULL (not modelled) weeks of a cell; a cell with no modelled week stays NULL.
    const sql = `SELECT w.cell_id, c.lon, c.lat, c.country_code, c.state_code, c.footprint_geojson, avg(w.abundance) AS abundance
      FROM weekly AS w JOIN cells AS c ON c.cell_id = w.cell_id
      WHERE ${subject.where('w')} AND w.week IN (${time.weeks.join(', ')})
      GROUP BY w.cell_id, c.lon, c.lat, c.country_code, c.state_code, c.footprint_geojson ORDER BY abundance DESC NULLS LAST, w.cell_id`;
    const query = await runQuery(context, sql, {
      maxRows: 2_000_000,
      maxBytes: 200_000_000,
      timeoutMs: 30_000,
    });
    const cells = previewRows(query.table, query.rows) as {
      cell_id: number;
      lon: number;
      lat: number;
      country_code: string | null;
      state_code: string | null;
      abundance: number | null;
      /** For the map layer only. */
      footprint_geojson?: string | null;
    }[];
    const modelled = cells.filter((cell) => cell.abundance !== null);
    const occupied = modelled.filter((cell) => cell.abundance! > 0);
    const total = modelled.reduce((sum, cell) => sum + cell.abundance!, 0);
    const byRegion = new Map<string, { region_code: string; cells: number; sum: number }>();
    for (const cell of modelled) {
      const code = cell.state_code ?? cell.country_code ?? 'none (at sea or unassigned)';
      const entry = byRegion.get(code) ?? { region_code: code, cells: 0, sum: 0 };
      entry.cells += 1;
      entry.sum += cell.abundance!;
      byRegion.set(code, entry);
    }
    const regions = [...byRegion.values()]
      .sort((a, b) => b.sum - a.sum)
      .slice(0, args.top)
      .map((entry) => ({
        region_code: entry.region_code,
        cells: entry.cells,
        share_of_total: significant(total > 0 ? entry.sum / total : null, 4),
        mean: significant(entry.sum / entry.cells, 4),
      }));
    const layerName = `${subject.species.common_name}: ${time.label}`;
    context.attach({
      kind: 'map-layer',
      payload: buildMapLayer(
        {
          table: query.table,
          name: layerName,
          valueColumn: 'abundance',
          unit: WEEKLY_PRODUCTS.abundance,
          release: subject.species.release,
          color: nextLayerColor(context.session.id),
          labelColumn: 'state_code',
          sourceTables: query.tablesRead,
          sql: query.sql,
          callId: context.callId,
        },
        {
          kind: 'point',
          lon: 'lon',
          lat: 'lat',
          footprint: { geojson: 'footprint_geojson', cell: 'cell_id' },
        },
      ),
    });
    const seasonsTouched = [...new Set(time.weeks.map((week) => seasonOfWeek(seasons, week)))].filter(
      (name): name is string => name !== null,
    );
    return {
      species: speciesRef(subject),
      when: time.label,
      weeks: time.weeks,
      cells_modelled: modelled.length,
      cells_not_modelled: cells.length - modelled.length,
      cells_occupied: occupied.length,
      occupied_share: modelled.length > 0 ? significant(occupied.length / modelled.length, 4) : null,
      mean_abundance: modelled.length > 0 ? total / modelled.length : null,
      top_cells: cells
        .slice(0, args.top)
        .filter((cell) => cell.abundance !== null)
        .map(({ footprint_geojson: _square, ...cell }) => ({
          ...cell,
          abundance: significant(cell.abundance, 4),
          lon: significant(cell.lon, 6),
          lat: significant(cell.lat, 6),
        })),
      top_regions: regions,
      map_layer: { name: layerName, features: cells.length },
      ...resultFields({
        count: cells.length,
        queries: [...subject.queries, seasonsQuery, query],
        scope: `${subject.describe()}, ${time.label}, relative abundance per 27 km cell`,
        caveats: [
          ...subjectCaveats(subject),
          'Relative abundance is the expected count on a standard eBird checklist, not the number of birds; a cell with NULL was not modelled (unknown), 0 means predicted absent.',
          ...(time.weeks.length > 1
            ? [
                "Several weeks are averaged per cell (the mean of weekly medians — the same rule as eBird's seasonal mean rasters).",
              ]
            : []),
          ...seasonCaveats(
            seasons.filter((season) => seasonsTouched.includes(season.season)),
            subject.species.is_resident,
          ),
        ],
      }),
    };
  },
});
