import { previewRows, type QueryResult, sqlString } from '../../engine';
import type { PlaceSpec } from '../../frame/query-frame';
import { toolFailure, type ToolFailure } from '../../registry';
import { regionCondition, resolveRegion, type RegionRow } from '../support/resolve-region';
import {
  readsWeeklyRegions,
  regionKey,
  WHOLE_RANGE,
  type WeeklyRegionKey,
  weeklyRegionRows,
} from '../support/weekly-regions';
import type { SpeciesRow } from '../support/resolve-species';
import { runQuery } from '../support/run-query';
import { requireTables } from '../support/scoped-table';
import type { PerchContext } from '../support/tool-context';
import { findMaskRegion } from './mask-region';
import { geojsonAreaKm2 } from './region-area';

/** A frame's place, checked against one species' data, ready to filter cells (and trend cells) by. */
export interface PlaceSelection {
  label: string;
  /** Every modelled cell of the species (no place, or the region its data is masked to). */
  whole: boolean;
  /** SQL condition on a table with cell_id, lon, lat, state_code, country_code (the `cells` table). */
  cells(alias: string): string;
  /** SQL condition on the `trends` table (srd_id, lon, lat, state_code, country_code). */
  trendCells(alias: string): string;
  /** The weekly_regions rows that hold this place's weekly figures, when it is a whole region or the whole range. */
  area: WeeklyRegionKey | null;
  caveats: string[];
  queries: QueryResult[];
}

/**
 * A region counts as covered when the species' modelled cells cover at least this share of the
 * region's own area (cells × their area_km2 over the boundary's spherical area). Measured on the
 * example (masked to Michigan): Wisconsin 8 border cells = 4.0% of it, Indiana 1 cell = 0.8%,
 * USA 2.2%, Canada 7 cells = 0.05%, Ohio none; Michigan 266 cells = 128% (cells include the
 * lakes the boundary leaves out). Anything between 4% and ~100% is a partial model edge; half
 * is where "figures for the region" start to mean the region rather than its border.
 */
export const MIN_REGION_COVER = 0.5;
/** Below full cover a region's figures carry a caveat saying how much of it is modelled. */
const FULL_REGION_COVER = 0.9;
/** Half the diagonal of a 27 km cell (27/√2 = 19.1 km): a point farther from every modelled cell centre lies outside the model. */
const CELL_HALF_DIAGONAL_KM = 19.1;

export async function resolvePlace(
  context: PerchContext,
  place: PlaceSpec | undefined,
  species: SpeciesRow,
): Promise<PlaceSelection | ToolFailure> {
  if (place === undefined || place.kind === 'all') return everyCell('every modelled cell', []);
  if (place.kind === 'region') return regionPlace(context, place.code, species);
  if (place.kind === 'part') return partPlace(context, place.part, species);
  return nearPlace(context, place, species);
}

function everyCell(label: string, caveats: string[], queries: QueryResult[] = []): PlaceSelection {
  return {
    label,
    whole: true,
    cells: () => 'TRUE',
    trendCells: () => 'TRUE',
    area: WHOLE_RANGE,
    caveats,
    queries,
  };
}

/** SQL condition: the cell has weekly rows for the species (is inside its model). */
export const modelledBy = (species: SpeciesRow, alias: string) =>
  `${alias}.cell_id IN (SELECT DISTINCT cell_id FROM weekly WHERE species_code = ${sqlString(species.species_code)})`;

interface RegionCoverage {
  /** The region the species' data is masked to, if any. */
  maskName?: string;
  /** The region is the mask: every modelled cell stands for it. */
  isMask: boolean;
  cells: number;
  /** Share of the region's area the species' modelled cells cover (see MIN_REGION_COVER). */
  cover: number;
  queries: QueryResult[];
}

async function regionCoverage(
  context: PerchContext,
  region: RegionRow,
  species: SpeciesRow,
): Promise<RegionCoverage> {
  const { mask, query: maskQuery } = await findMaskRegion(context, species.species_code);
  const queries = maskQuery ? [maskQuery] : [];
  if (mask?.region_code === region.region_code)
    return { maskName: mask.name, isMask: true, cells: 0, cover: 1, queries };
  const geometry = `(SELECT geometry_geojson FROM regions WHERE region_code = ${sqlString(region.region_code)}) AS geometry`;
  // weekly_regions holds the same count and area per region: kilobytes instead of every week's cell ids.
  const sql = readsWeeklyRegions(context)
    ? `SELECT coalesce(max(region_cells), 0) AS cells, coalesce(max(region_km2), 0) AS km2, ${geometry}
    FROM weekly_regions WHERE ${weeklyRegionRows(species.species_code, regionKey(region))}`
    : `SELECT count(*) AS cells, coalesce(sum(c.area_km2), 0) AS km2, ${geometry}
    FROM cells AS c WHERE ${regionCondition(region, 'c')} AND ${modelledBy(species, 'c')}`;
  const query = await runQuery(context, sql, { maxRows: 1, maxBytes: 64_000_000 });
  const row = previewRows(query.table, 1)[0] as { cells: number; km2: number; geometry: string | null };
  const regionKm2 = row.geometry ? geojsonAreaKm2(row.geometry) : null;
  const cover = regionKm2 ? row.km2 / regionKm2 : row.cells > 0 ? 1 : 0;
  return { maskName: mask?.name, isMask: false, cells: row.cells, cover, queries: [...queries, query] };
}

const covered = (coverage: RegionCoverage) =>
  coverage.isMask || (coverage.cells > 0 && coverage.cover >= MIN_REGION_COVER);

async function regionPlace(
  context: PerchContext,
  code: string,
  species: SpeciesRow,
): Promise<PlaceSelection | ToolFailure> {
  const resolved = await resolveRegion(context, code);
  if ('code' in resolved) return resolved;
  const region = resolved.region;
  const read = resolved.interpreted ? [resolved.interpreted] : [];
  const coverage = await regionCoverage(context, region, species);
  if (coverage.isMask) {
    const mask = coverage.maskName!;
    return everyCell(
      region.name,
      [
        ...read,
        `The ${species.common_name} data is masked to ${mask}: its prediction area is ${mask}, so "${mask}" means every modelled cell of the mask, including cells whose centre lies just outside the line.`,
      ],
      coverage.queries,
    );
  }
  if (!covered(coverage)) return notCovered(species, `${region.name} (${region.region_code})`, coverage);
  const caveats = [
    ...read,
    `A cell counts as ${region.region_code} when its centre (else most of its footprint) lies there; cells are 27 km squares.`,
  ];
  if (coverage.cover < FULL_REGION_COVER)
    caveats.push(
      `The ${species.common_name} model covers only about ${Math.round(coverage.cover * 100)}% of ${region.name} (${coverage.cells} cells): the figures are for that part.`,
    );
  return {
    label: region.name,
    whole: false,
    cells: (alias) => regionCondition(region, alias),
    trendCells: (alias) => regionCondition(region, alias),
    area: regionKey(region),
    caveats,
    queries: coverage.queries,
  };
}

function notCovered(species: SpeciesRow, place: string, coverage: RegionCoverage): ToolFailure {
  const border =
    coverage.cells === 0
      ? 'no modelled cell lies there'
      : `${coverage.cells} border cell${coverage.cells === 1 ? '' : 's'} cover ${(coverage.cover * 100).toFixed(1)}% of it, under the ${MIN_REGION_COVER * 100}% a figure for the region needs`;
  const message = coverage.maskName
    ? `not_covered: The ${species.common_name} data is masked to ${coverage.maskName}; it has no figures for ${place}.`
    : `not_covered: The ${species.common_name} data has no figures for ${place}: ${border}.`;
  return toolFailure('not_covered', message, {
    hint: `${border[0].toUpperCase()}${border.slice(1)}. Ask about a place inside the data${coverage.maskName ? ` (${coverage.maskName})` : ''}, or say the data does not cover this one.`,
  });
}

interface PartRow {
  part_id: string;
  name: string;
  aliases: unknown;
  parent_code: string | null;
}

async function partPlace(
  context: PerchContext,
  text: string,
  species: SpeciesRow,
): Promise<PlaceSelection | ToolFailure> {
  const missing = requireTables(context, ['region_parts', 'cell_parts']);
  if (missing) return missing;
  const listQuery = await runQuery(
    context,
    'SELECT part_id, name, aliases, parent_code FROM region_parts ORDER BY part_id',
    { maxRows: 10_000 },
  );
  const parts = previewRows(listQuery.table, listQuery.rows) as unknown as PartRow[];
  const wanted = normalise(text);
  const part = parts.find((row) =>
    [row.part_id, row.name, ...aliasList(row.aliases)].some((name) => normalise(name) === wanted),
  );
  if (!part)
    return toolFailure(
      'not_found',
      `not_found: no region part '${text}'. Parts: ${parts.map((row) => `${row.part_id} (${row.name})`).join(', ') || 'none'}.`,
    );
  // A part of a region the data does not cover is not covered either, however many of its own cells
  // are modelled: the example's Northern Wisconsin holds 4 modelled border cells of the Michigan mask.
  const parent = part.parent_code ? await resolveRegion(context, part.parent_code) : null;
  const lookups = [listQuery];
  if (parent && !('code' in parent)) {
    const coverage = await regionCoverage(context, parent.region, species);
    lookups.push(...coverage.queries);
    if (!covered(coverage))
      return notCovered(species, `${part.name} (part of ${parent.region.name})`, coverage);
  }
  const inPart = `SELECT cell_id FROM cell_parts WHERE part_id = ${sqlString(part.part_id)}`;
  const sql = `SELECT count(*) AS cells, count(*) FILTER (WHERE ${modelledBy(species, 'c')}) AS modelled FROM cells AS c WHERE c.cell_id IN (${inPart})`;
  const query = await runQuery(context, sql, { maxRows: 1 });
  const row = previewRows(query.table, 1)[0] as { cells: number; modelled: number };
  // A part is defined from cells of the data, so its cover is counted in cells, with the region rule's share.
  if (row.modelled === 0 || row.modelled < MIN_REGION_COVER * row.cells) {
    return toolFailure(
      'not_covered',
      `not_covered: The ${species.common_name} data has no figures for ${part.name}: ${row.modelled} of its ${row.cells} cells are modelled.`,
    );
  }
  // Trend cells are their own ~27 km grid (srd_id): one belongs to the part when the status cell nearest its centre (within a half diagonal) does.
  const trendCells = (
    alias: string,
  ) => `${alias}.srd_id IN (SELECT srd_id FROM (SELECT tt.srd_id, arg_min(c.cell_id, distance_km(tt.lat, tt.lon, c.lat, c.lon)) AS cell_id
      FROM trends AS tt JOIN cells AS c ON abs(c.lat - tt.lat) < 0.5 AND abs(c.lon - tt.lon) < 1.5 AND distance_km(tt.lat, tt.lon, c.lat, c.lon) <= ${CELL_HALF_DIAGONAL_KM}
      GROUP BY tt.srd_id) WHERE cell_id IN (${inPart}))`;
  return {
    label: part.name,
    whole: false,
    cells: (alias) => `${alias}.cell_id IN (${inPart})`,
    trendCells,
    area: null,
    caveats: [`${part.name} is the cells of the data assigned to part '${part.part_id}' (table cell_parts).`],
    queries: [...lookups, query],
  };
}

function aliasList(aliases: unknown): string[] {
  if (Array.isArray(aliases)) return aliases.map(String);
  return typeof aliases === 'string'
    ? aliases
        .split(/[,;|]/)
        .map((alias) => alias.trim())
        .filter(Boolean)
    : [];
}

function normalise(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

async function nearPlace(
  context: PerchContext,
  place: Extract<PlaceSpec, { kind: 'near' }>,
  species: SpeciesRow,
): Promise<PlaceSelection | ToolFailure> {
  const distance = (alias: string) => `distance_km(${alias}.lat, ${alias}.lon, ${place.lat}, ${place.lon})`;
  const sql = `SELECT arg_min(c.cell_id, ${distance('c')}) AS nearest, min(${distance('c')}) AS km FROM cells AS c WHERE ${modelledBy(species, 'c')}`;
  const query = await runQuery(context, sql, { maxRows: 1 });
  const row = previewRows(query.table, 1)[0] as { nearest: number | null; km: number | null };
  if (row.nearest === null || row.km === null || row.km > CELL_HALF_DIAGONAL_KM) {
    const away =
      row.km === null ? '' : ` (the nearest modelled cell centre is ${Math.round(row.km)} km away)`;
    return toolFailure(
      'not_covered',
      `not_covered: The ${species.common_name} data has no figures for ${place.name}: it lies outside the area the model covers${away}.`,
    );
  }
  const radius = place.radius_km;
  // A radius under half a cell can hold no centre: the cell the place lies in is always kept.
  return {
    label: `within ${radius} km of ${place.name}`,
    whole: false,
    cells: (alias) => `(${distance(alias)} <= ${radius} OR ${alias}.cell_id = ${row.nearest})`,
    trendCells: (alias) => `${distance(alias)} <= ${Math.max(radius, CELL_HALF_DIAGONAL_KM)}`,
    area: null,
    caveats: [
      `"Near ${place.name}" is the cells whose centre lies within ${radius} km of ${place.lat.toFixed(3)}, ${place.lon.toFixed(3)}.`,
    ],
    queries: [query],
  };
}
