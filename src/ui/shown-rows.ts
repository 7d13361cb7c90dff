import { DataType, tableFromIPC } from 'apache-arrow';
import type { ChartPayload, DataTablePayload, MapLayerPayload } from '../payloads';
import type { CsvValue } from './to-csv';

/**
 * A table the Data tab shows and "Download CSV" writes: the rows behind the chart, the features
 * of the layers on the map, or a query's full result. Rows are read on demand (a weekly layer
 * can hold a million features; the view draws only those in sight).
 */
export interface ShownRows {
  /** What the rows stand behind; the Data tab says it. */
  source: 'chart' | 'layer' | 'query';
  title: string;
  columns: string[];
  rowCount: number;
  row(index: number): CsvValue[];
  /** The tool call the rows came from (the chart's, the first layer's, the query's). */
  callId: string;
}

/** The chart's own columns, row for row: what Plot draws the marks from (a null y is a gap in the line). */
export function chartRows(payload: ChartPayload): ShownRows {
  const columns = Object.keys(payload.columns);
  return {
    source: 'chart',
    title: payload.title,
    columns,
    rowCount: Math.max(0, ...columns.map((name) => payload.columns[name].length)),
    row: (index) => columns.map((name) => payload.columns[name][index] ?? null),
    callId: payload.callId,
  };
}

/**
 * One row per feature of `layers`: lon/lat (a point's own, a polygon ring's vertex mean), the
 * region label, the value (NaN, not modelled, as an empty value: never 0), week and date when the
 * layer animates, and whether the figure is uncertain. Several layers add a `layer` column.
 */
export function layerRows(layers: readonly MapLayerPayload[]): ShownRows {
  const many = layers.length > 1;
  const labelled = layers.some((layer) => layer.labels);
  const weekly = layers.some((layer) => layer.times);
  const flagged = layers.some((layer) => layer.uncertain);
  const columns = [
    ...(many ? ['layer'] : []),
    'lon',
    'lat',
    ...(labelled ? ['region'] : []),
    'value',
    ...(weekly ? ['week', 'date'] : []),
    ...(flagged ? ['uncertain'] : []),
  ];
  const starts = offsets(layers.map((layer) => layer.featureCount));
  const first = layers[0];
  return {
    source: 'layer',
    title: many
      ? `${layers.length} layers: ${layers.map((layer) => layer.name).join('; ')}`
      : first
        ? `${first.name} · ${first.valueName}${first.unit ? ` (${first.unit})` : ''}`
        : 'No layer',
    columns,
    rowCount: starts[layers.length] ?? 0,
    row(index) {
      const which = layerAt(starts, index);
      const layer = layers[which]!;
      const feature = index - starts[which]!;
      const [lon, lat] = featurePosition(layer, feature);
      const value = layer.values[feature]!;
      const week = layer.times?.[feature];
      return [
        ...(many ? [layer.name] : []),
        lon,
        lat,
        ...(labelled ? [layer.labels?.[feature] ?? null] : []),
        Number.isNaN(value) ? null : value,
        ...(weekly ? [week ?? null, week === undefined ? null : (layer.timeLabels?.[week] ?? null)] : []),
        ...(flagged ? [layer.uncertain ? layer.uncertain[feature] === 1 : null] : []),
      ];
    },
    callId: first?.callId ?? '',
  };
}

/** A query's full result (run_sql), from its Arrow IPC bytes. */
export function queryRows(payload: DataTablePayload): ShownRows {
  const table = tableFromIPC(new Uint8Array(payload.ipc));
  const fields = table.schema.fields;
  const vectors = fields.map((field) => table.getChild(field.name));
  return {
    source: 'query',
    title: payload.title,
    columns: fields.map((field) => field.name),
    rowCount: table.numRows,
    row: (index) => fields.map((field, column) => arrowValue(vectors[column]?.get(index), field.type)),
    callId: payload.callId,
  };
}

/** Arrow 17 returns DATE columns as epoch milliseconds; they become Dates (written as ISO dates). */
export function arrowValue(value: unknown, type: DataType): CsvValue {
  if (value === null || value === undefined) return null;
  if (DataType.isDate(type) || DataType.isTimestamp(type)) return new Date(Number(value));
  if (
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    typeof value === 'string' ||
    typeof value === 'boolean'
  )
    return value;
  return String(value);
}

/** Running totals: offsets([3, 2]) = [0, 3, 5]. */
function offsets(counts: readonly number[]): number[] {
  const out = [0];
  for (const count of counts) out.push(out[out.length - 1]! + count);
  return out;
}

function layerAt(starts: readonly number[], index: number): number {
  let which = 0;
  while (index >= starts[which + 1]!) which++;
  return which;
}

/** Ring vertex means are rounded to 4 decimals (~10 m): a label position, not a survey point. */
function featurePosition(layer: MapLayerPayload, feature: number): [number, number] {
  const { coordinates } = layer;
  if (layer.geometry === 'point' || !layer.polygonStarts)
    return [coordinates[feature * 2]!, coordinates[feature * 2 + 1]!];
  const from = layer.polygonStarts[feature]!;
  const to = layer.polygonStarts[feature + 1]!;
  let lon = 0;
  let lat = 0;
  for (let vertex = from; vertex < to; vertex++) {
    lon += coordinates[vertex * 2]!;
    lat += coordinates[vertex * 2 + 1]!;
  }
  const count = Math.max(1, to - from);
  const round = (degrees: number) => Math.round((degrees / count) * 10_000) / 10_000;
  return [round(lon), round(lat)];
}
