import type { Table } from 'apache-arrow';
import type { MapLayerPayload } from '../../payloads';
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
  | { kind: 'point'; lon: string; lat: string }
  | { kind: 'polygon'; geojson: string };

/** Columnar payload (typed arrays, NaN = no data) from an Arrow result; rows without geometry are skipped. */
export function buildMapLayer(source: LayerSource, geometry: GeometrySource): MapLayerPayload {
  const { table } = source;
  const value = table.getChild(source.valueColumn)!;
  const time = source.timeColumn ? table.getChild(source.timeColumn) : null;
  const label = source.labelColumn ? table.getChild(source.labelColumn) : null;
  const values: number[] = [];
  const times: number[] = [];
  const labels: string[] = [];
  const coordinates: number[] = [];
  const starts: number[] = [0];
  for (let row = 0; row < table.numRows; row++) {
    if (geometry.kind === 'point') {
      const lon = toNumber(table.getChild(geometry.lon)!.get(row));
      const lat = toNumber(table.getChild(geometry.lat)!.get(row));
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
      coordinates.push(lon, lat);
    } else {
      const text = table.getChild(geometry.geojson)!.get(row) as string | null;
      const rings = text ? outerRings(text) : [];
      if (rings.length === 0) continue;
      // One feature per outer ring; the value repeats for each ring of a multipolygon.
      for (const ring of rings) {
        for (const [lon, lat] of ring) coordinates.push(lon, lat);
        starts.push(coordinates.length / 2);
        pushAttributes(row);
      }
      continue;
    }
    pushAttributes(row);
  }
  function pushAttributes(row: number) {
    values.push(toNumber(value.get(row)));
    if (time) times.push(toWeek(time.get(row)));
    if (label) labels.push(String(label.get(row) ?? ''));
  }
  const finite = values.filter(Number.isFinite);
  const layer: MapLayerPayload = {
    kind: 'map-layer',
    id: `${source.callId}-layer`,
    name: source.name,
    geometry: geometry.kind,
    featureCount: values.length,
    coordinates: Float64Array.from(coordinates),
    values: Float32Array.from(values),
    valueName: source.valueColumn,
    unit: source.unit,
    domain:
      finite.length > 0
        ? [finite.reduce((a, b) => Math.min(a, b)), finite.reduce((a, b) => Math.max(a, b))]
        : [0, 0],
    color: source.color,
    sourceTables: source.sourceTables,
    sql: source.sql,
    callId: source.callId,
  };
  if (geometry.kind === 'polygon') layer.polygonStarts = Uint32Array.from(starts);
  if (label) layer.labels = labels;
  if (time) {
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
  const order = times.map((_, index) => index).sort((a, b) => times[a] - times[b]);
  const sortedTimes = Uint16Array.from(order, (index) => times[index]);
  layer.values = Float32Array.from(order, (index) => layer.values[index]);
  if (layer.labels) layer.labels = order.map((index) => layer.labels![index]);
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

function toNumber(value: unknown): number {
  if (value === null || value === undefined) return Number.NaN;
  return typeof value === 'bigint' ? Number(value) : Number(value);
}

/** Week numbers pass through; DATE values (ms since epoch in Arrow) become their nearest week. */
function toWeek(value: unknown): number {
  if (typeof value === 'number' && value >= 1 && value <= 53 && Number.isInteger(value)) return value;
  if (typeof value === 'number' || value instanceof Date)
    return weekOfDate(new Date(value).toISOString().slice(0, 10));
  if (typeof value === 'string') return weekOfDate(value);
  return 0;
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
