import { DataType, type Table } from 'apache-arrow';
import type { MapLayerPayload } from '../../payloads';
import { numberReader, textReader } from './column-readers';
import { weekDate, weekOfDate } from './week-dates';

/** High-end colours of successive layers in a session, so a two-species comparison reads apart. */
const PALETTE = ['#d95f02', '#1b9e77', '#7570b3', '#e7298a', '#66a61e', '#e6ab02'];
const layersPerSession = new Map<string, number>();

export function nextLayerColor(sessionId: string): string {
  const index = layersPerSession.get(sessionId) ?? 0;
  layersPerSession.set(sessionId, index + 1);
  return PALETTE[index % PALETTE.length];
}

export interface LayerSource {
  table: Table;
  name: string;
  valueColumn: string;
  unit: string;
  /** Column of week numbers (1..52) or dates; the layer animates by week. */
  timeColumn?: string;
  labelColumn?: string;
  release: number;
  color: string;
  sourceTables: string[];
  sql: string;
  callId: string;
}

export type GeometrySource =
  | { kind: 'point'; lon: string; lat: string; footprint?: FootprintSource }
  | { kind: 'polygon'; geojson: string };

/**
 * Grid-cell layers: each row's cell square. `geojson` holds a GeoJSON Polygon (cells.footprint_geojson);
 * rows of a cell already seen may hold NULL there (a weekly layer sends it once per cell, not 52 times).
 */
export interface FootprintSource {
  geojson: string;
  /** The cell id column: each distinct cell's footprint is parsed once. */
  cell: string;
  /**
   * A table of one row per cell holding `cell` and `geojson`, when the layer's own rows carry no
   * squares: a weekly layer takes them from the per-cell result of the same place and weeks.
   */
  from?: Table;
}

/** Columnar payload (typed arrays, NaN = no data) from an Arrow result; rows without geometry are skipped. */
export function buildMapLayer(source: LayerSource, geometry: GeometrySource): MapLayerPayload {
  const { table } = source;
  // Columns looked up once (`getChild` builds a new Vector on every call: a third of a
  // 15,236-row weekly layer's build, CPU profile 2026-12-03) and read from their buffers.
  const value = numberReader(table.getChild(source.valueColumn)!);
  // The same reading as a cell id: a week number from the buffer, a date through Arrow.
  const timeOf = source.timeColumn ? cellReader(table, source.timeColumn) : undefined;
  const label = source.labelColumn ? textReader(table.getChild(source.labelColumn)!) : null;
  const rowCount = table.numRows;
  const times: number[] = [];
  const labels: string[] = [];
  const footprintCells =
    geometry.kind === 'point' && geometry.footprint ? new FootprintCells(table, geometry.footprint) : null;
  const featureCells: unknown[] = [];
  let values: Float64Array | number[];
  let coordinates: Float64Array | number[];
  let starts: number[] | undefined;
  let features = 0;
  const pushAttributes = (row: number) => {
    values[features++] = value(row);
    if (timeOf) times.push(toWeek(timeOf(row)));
    if (label) labels.push(label(row) ?? '');
  };
  if (geometry.kind === 'point') {
    // At most a feature a row: typed buffers of that size hold no boxed numbers.
    values = new Float64Array(rowCount);
    const points = new Float64Array(rowCount * 2);
    const lons = numberReader(table.getChild(geometry.lon)!);
    const lats = numberReader(table.getChild(geometry.lat)!);
    for (let row = 0; row < rowCount; row++) {
      const lon = lons(row);
      const lat = lats(row);
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
      points[features * 2] = lon;
      points[features * 2 + 1] = lat;
      if (footprintCells) featureCells.push(footprintCells.read(row));
      pushAttributes(row);
    }
    values = values.subarray(0, features);
    coordinates = points.slice(0, features * 2);
  } else {
    const shapes = textReader(table.getChild(geometry.geojson)!);
    values = [];
    coordinates = [];
    starts = [0];
    for (let row = 0; row < rowCount; row++) {
      const text = shapes(row);
      // One feature per outer ring; the value repeats for each ring of a multipolygon.
      for (const ring of text ? outerRings(text) : []) {
        for (const [lon, lat] of ring) coordinates.push(lon, lat);
        starts.push(coordinates.length / 2);
        pushAttributes(row);
      }
    }
  }
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const featureValue of values)
    if (Number.isFinite(featureValue)) {
      if (featureValue < low) low = featureValue;
      if (featureValue > high) high = featureValue;
    }
  const layer: MapLayerPayload = {
    kind: 'map-layer',
    id: `${source.callId}-layer`,
    name: source.name,
    geometry: geometry.kind,
    featureCount: values.length,
    coordinates: coordinates instanceof Float64Array ? coordinates : Float64Array.from(coordinates),
    values: Float32Array.from(values),
    valueName: source.valueColumn,
    unit: source.unit,
    domain: low <= high ? [low, high] : [0, 0],
    color: source.color,
    sourceTables: source.sourceTables,
    sql: source.sql,
    callId: source.callId,
  };
  if (starts) layer.polygonStarts = Uint32Array.from(starts);
  const footprints = footprintCells?.footprints(featureCells);
  if (footprints) layer.footprints = footprints;
  if (label) layer.labels = labels;
  if (timeOf) {
    sortByTime(layer, times);
    layer.timeLabels = Object.fromEntries(
      [...new Set(times)].map((week) => [week, weekDate(source.release, week)]),
    );
  }
  return layer;
}

/**
 * Reorders the layer's features by time (stable, so each week keeps query order) and records
 * where each week's block starts: the map then draws one week's block, not every week filtered.
 */
export function sortByTime(layer: MapLayerPayload, times: number[]): void {
  // The tools' weekly SQL orders by week already; the reordering below was 70 of 266 ms of the
  // layer builds in five turns (CPU profile, 2026-12-03), for the order it started in.
  if (times.every((time, index) => index === 0 || times[index - 1] <= time)) {
    layer.times = Uint16Array.from(times);
    layer.timeStarts = timeBlocks(layer.times);
    return;
  }
  const order = times.map((_, index) => index).sort((a, b) => times[a] - times[b]);
  const sortedTimes = Uint16Array.from(order, (index) => times[index]);
  layer.values = Float32Array.from(order, (index) => layer.values[index]);
  if (layer.labels) layer.labels = order.map((index) => layer.labels![index]);
  if (layer.footprints) {
    const footprints = new Float64Array(layer.footprints.length);
    for (const [position, index] of order.entries())
      footprints.set(layer.footprints.subarray(index * 8, index * 8 + 8), position * 8);
    layer.footprints = footprints;
  }
  if (layer.polygonStarts) {
    const starts = layer.polygonStarts;
    const coordinates = new Float64Array(layer.coordinates.length);
    const sortedStarts = new Uint32Array(starts.length);
    let vertex = 0;
    order.forEach((index, position) => {
      coordinates.set(layer.coordinates.subarray(starts[index] * 2, starts[index + 1] * 2), vertex * 2);
      vertex += starts[index + 1] - starts[index];
      sortedStarts[position + 1] = vertex;
    });
    layer.coordinates = coordinates;
    layer.polygonStarts = sortedStarts;
  } else {
    const coordinates = new Float64Array(layer.coordinates.length);
    for (const [position, index] of order.entries())
      coordinates.set(layer.coordinates.subarray(index * 2, index * 2 + 2), position * 2);
    layer.coordinates = coordinates;
  }
  layer.times = sortedTimes;
  layer.timeStarts = timeBlocks(sortedTimes);
}

/** week → [first index, count] of a time-sorted array. */
export function timeBlocks(sortedTimes: ArrayLike<number>): Record<number, [number, number]> {
  const blocks: Record<number, [number, number]> = {};
  for (let index = 0; index < sortedTimes.length; index++) {
    const block = blocks[sortedTimes[index]];
    if (block) block[1]++;
    else blocks[sortedTimes[index]] = [index, 1];
  }
  return blocks;
}

/** Week numbers pass through; DATE values (ms since epoch in Arrow) become their nearest week. */
function toWeek(value: unknown): number {
  if (value === null || Number.isNaN(value)) return 0;
  if (typeof value === 'number' && value >= 1 && value <= 53 && Number.isInteger(value)) return value;
  if (typeof value === 'number' || value instanceof Date)
    return weekOfDate(new Date(value).toISOString().slice(0, 10));
  if (typeof value === 'string') return weekOfDate(value);
  return 0;
}

/**
 * The footprints of a layer's cells, each cell's GeoJSON parsed once whatever its row count
 * (a weekly layer has 52 rows per cell). A cell whose square is missing or not four corners
 * leaves the whole layer without footprints: it is drawn as discs rather than with holes.
 */
class FootprintCells {
  private readonly cells: ((row: number) => unknown) | undefined;
  private readonly geojson: ((row: number) => string | null) | undefined;
  private readonly corners = new Map<unknown, Float64Array | null>();

  constructor(table: Table, source: FootprintSource) {
    this.cells = cellReader(table, source.cell);
    if (!source.from) {
      const geojson = table.getChild(source.geojson);
      this.geojson = geojson ? textReader(geojson) : undefined;
      return;
    }
    const cells = cellReader(source.from, source.cell);
    const squares = source.from.getChild(source.geojson);
    const text = squares ? textReader(squares) : undefined;
    for (let row = 0; cells && text && row < source.from.numRows; row++) {
      const square = text(row);
      if (square) this.corners.set(cells(row), squareCorners(square));
    }
  }

  /** The row's cell id, its footprint parsed if it is the first row of the cell carrying one. */
  read(row: number): unknown {
    const cell = this.cells?.(row);
    if (!this.geojson || this.corners.has(cell)) return cell;
    const text = this.geojson(row);
    if (text) this.corners.set(cell, squareCorners(text));
    return cell;
  }

  /** 8 numbers per feature, in feature order; undefined when any feature's cell has no square. */
  footprints(featureCells: readonly unknown[]): Float64Array | undefined {
    const out = new Float64Array(featureCells.length * 8);
    for (const [index, cell] of featureCells.entries()) {
      const corners = this.corners.get(cell);
      if (!corners) return undefined;
      out.set(corners, index * 8);
    }
    return featureCells.length > 0 ? out : undefined;
  }
}

/** A cell id column's reader: 32-bit ids as numbers from the buffer; 64-bit ones stay bigints, exact as Map keys. */
function cellReader(table: Table, name: string): ((row: number) => unknown) | undefined {
  const cells = table.getChild(name);
  if (!cells) return undefined;
  return DataType.isInt(cells.type) && cells.type.bitWidth < 64
    ? numberReader(cells)
    : (row) => cells.get(row);
}

/** The 4 corners (lon, lat × 4, ring order) of a GeoJSON Polygon square; null for any other shape. */
export function squareCorners(text: string): Float64Array | null {
  const [ring] = outerRings(text);
  if (!ring) return null;
  const open = ring.length > 1 && sameVertex(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring;
  if (open.length !== 4 || open.some(([lon, lat]) => !Number.isFinite(lon) || !Number.isFinite(lat)))
    return null;
  return Float64Array.from(open.flat());
}

function sameVertex(a: [number, number], b: [number, number]): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

function outerRings(text: string): [number, number][][] {
  try {
    const geometry = JSON.parse(text) as { type: string; coordinates: unknown };
    if (geometry.type === 'Polygon') return [(geometry.coordinates as [number, number][][])[0]];
    if (geometry.type === 'MultiPolygon')
      return (geometry.coordinates as [number, number][][][]).map((polygon) => polygon[0]);
  } catch {
    // not GeoJSON: no geometry for this row
  }
  return [];
}
