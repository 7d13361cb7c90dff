import { previewRows, sqlString } from '../../engine';
import type { AreaUnit, QueryFrame } from '../../frame/query-frame';
import { toolFailure, type ToolFailure } from '../../registry';
import type { RangeRow } from '../support/range-row';
import { runQuery } from '../support/run-query';
import { SEASON_ORDER, seasonOfWeek } from '../support/season-weeks';
import type { PerchContext } from '../support/tool-context';
import { modelledBy } from './place-condition';
import { pointInGeometry } from './point-in-polygon';
import { subjectHeader, type SubjectFigures, type SubjectSpec } from './subject-spec';

/** km² → the unit asked for (percent is handled apart: a share, not a conversion). */
const PER_KM2: Record<Exclude<AreaUnit, 'percent'>, number> = {
  km2: 1,
  mi2: 1 / 2.589988,
  acres: 247.105,
  hectares: 100,
};
export const AREA_UNIT_LABELS: Record<AreaUnit, string> = {
  km2: 'km²',
  mi2: 'mi²',
  acres: 'acres',
  hectares: 'hectares',
  percent: '% of the area',
};

type RangeAreaRow = Omit<RangeRow, 'start_date' | 'end_date'>;

/**
 * range_area: the smooth `range` polygons of one season (eBird's maps). The season is the time's
 * season; a week span takes the season of its middle week; no time (or the whole year) takes the
 * breeding season — the range people mean by "its range" — and lists every season's area in the
 * caveats. For every modelled cell (or the region the data is masked to) the area is the
 * polygon's (EPSG:8857 planar); for a smaller place it is the area of the place's modelled cells
 * whose centre lies inside the polygons, and percent is a share of the place's modelled cells'
 * area instead of the prediction area.
 */
export async function rangeSubject(
  context: PerchContext,
  frame: QueryFrame,
  spec: SubjectSpec,
): Promise<SubjectFigures | ToolFailure> {
  const species = spec.species;
  const sql = `SELECT season, layer, area_km2, xmin, ymin, xmax, ymax, ${spec.place.whole ? 'NULL' : 'geometry_geojson'} AS geometry_geojson FROM ranges
    WHERE species_code = ${sqlString(species.species_code)} AND smoothing = 'smooth' ORDER BY season, layer`;
  const query = await runQuery(context, sql, { maxRows: 100, maxBytes: 64_000_000 });
  const rows = previewRows(query.table, query.rows) as unknown as RangeAreaRow[];
  const ranges = rows.filter((row) => row.layer === 'range');
  const season = rangeSeason(
    spec,
    ranges.map((row) => row.season),
  );
  const range = ranges.find((row) => row.season === season);
  if (!range)
    return toolFailure(
      'no_data',
      `no_data: no ${season ?? ''} range polygons for ${species.common_name}. Ranges exist for: ${ranges.map((row) => row.season).join(', ') || 'no season'}.`,
    );
  const caveats = [
    "The range is where the seasonal relative abundance is above zero inside the prediction area (smooth polygons, as on eBird's maps).",
  ];
  if (spec.time.season === undefined)
    caveats.push(
      `Range areas by season: ${ranges.map((row) => `${row.season} ${Math.round(row.area_km2).toLocaleString('en-US')} km²`).join(', ')}; this figure is the ${season} range.`,
    );
  const figures: SubjectFigures = {
    subject: {
      ...subjectHeader(spec),
      time_label: `the ${season.replaceAll('_', ' ')} range`,
      cells_in_place: 0,
      cells_modelled: 0,
      cells_zero: 0,
      mean: null,
      total: null,
    },
    caveats,
    queries: [query],
  };
  let km2 = range.area_km2;
  let whole = rows.find((row) => row.layer === 'prediction_area' && row.season === season)?.area_km2 ?? null;
  if (!spec.place.whole) {
    const cellSql = `SELECT c.cell_id, c.lon, c.lat, c.area_km2 FROM cells AS c WHERE ${spec.place.cells('c')} AND ${modelledBy(species, 'c')}`;
    const cellQuery = await runQuery(context, cellSql, { maxRows: 2_000_000, maxBytes: 100_000_000 });
    const cells = previewRows(cellQuery.table, cellQuery.rows) as {
      cell_id: number;
      lon: number;
      lat: number;
      area_km2: number;
    }[];
    const geometry = JSON.parse(range.geometry_geojson ?? '{"type":"MultiPolygon","coordinates":[]}') as {
      type: string;
      coordinates: unknown;
    };
    const inRange = cells.filter((cell) => pointInGeometry(cell.lon, cell.lat, geometry));
    km2 = inRange.reduce((sum, cell) => sum + cell.area_km2, 0);
    whole = cells.reduce((sum, cell) => sum + cell.area_km2, 0);
    Object.assign(figures.subject, {
      cells_in_place: cells.length,
      cells_modelled: cells.length,
      cells_zero: cells.length - inRange.length,
    });
    figures.queries.push(cellQuery);
    caveats.push(
      `For ${spec.place.label} the area is counted in 27 km cells: ${inRange.length} of its ${cells.length} modelled cells have their centre inside the ${season} range polygons.`,
    );
  }
  const unit = frame.units ?? 'km2';
  const value = unit === 'percent' ? (whole ? (100 * km2) / whole : null) : km2 * PER_KM2[unit];
  if (value === null)
    return toolFailure(
      'no_data',
      `no_data: no prediction area for ${species.common_name}, so the range cannot be given as a percent.`,
    );
  figures.subject.area = {
    value,
    unit: AREA_UNIT_LABELS[unit],
    season,
    km2,
    // The polygons' own extent and the prediction area: what the range spans, and of what.
    ...(spec.place.whole
      ? { extent: { xmin: range.xmin, ymin: range.ymin, xmax: range.xmax, ymax: range.ymax } }
      : {}),
    ...(whole !== null && whole > 0 ? { of_km2: whole, share: km2 / whole } : {}),
  };
  figures.subject.mean = value;
  return figures;
}

function rangeSeason(spec: SubjectSpec, available: readonly string[]): string {
  if (spec.time.season) return spec.time.season.season;
  if (spec.time.weeks.length < 52) {
    const middle = spec.time.weeks[Math.floor(spec.time.weeks.length / 2)];
    const season = seasonOfWeek(spec.seasons, middle);
    if (season && available.includes(season)) return season;
  }
  // Breeding first, then the calendar order; a resident species' single range (full_year, resident) last.
  const preference = ['breeding', ...SEASON_ORDER];
  return preference.find((season) => available.includes(season)) ?? available[0] ?? 'breeding';
}
