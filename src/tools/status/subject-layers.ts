import type { Table } from 'apache-arrow';
import type { QueryResult } from '../../engine';
import type { QueryFrame } from '../../frame/query-frame';
import type { MapLayerPayload } from '../../payloads';
import { buildMapLayer, nextLayerColor } from '../support/build-map-layer';
import { layerMeasure } from '../support/layer-measure';
import { layerPeriod } from '../support/layer-period';
import { rangeLayers } from '../support/range-layers';
import type { PerchContext } from '../support/tool-context';
import { buildTrendLayer } from '../support/trend-layer';
import { MEASURE_UNITS } from './describe-frame';
import type { SubjectFigures } from './subject-spec';
import { isWeeklyMeasure } from './supported';

export interface CellLayerSource {
  cells: { table: Table; query: QueryResult };
  measure: QueryFrame['measure'];
  name: string;
  id: string;
  unit: string;
  release: number;
  color: string;
  /** Column of week numbers: the layer animates by week. */
  timeColumn?: string;
  callId: string;
}

/** A layer of status cells (centre points, value column `value`), tagged with its measure so layers of one measure share a scale. */
export function buildCellLayer(source: CellLayerSource): MapLayerPayload {
  const layer = buildMapLayer(
    {
      table: source.cells.table,
      name: source.name,
      valueColumn: 'value',
      unit: source.unit,
      timeColumn: source.timeColumn,
      release: source.release,
      color: source.color,
      labelColumn: 'region_code',
      sourceTables: source.cells.query.tablesRead,
      sql: source.cells.query.sql,
      callId: source.callId,
    },
    { kind: 'point', lon: 'lon', lat: 'lat', footprint: { geojson: 'footprint_geojson', cell: 'cell_id' } },
  );
  return { ...layer, ...layerMeasure(source.measure), id: source.id };
}

export interface SubjectLayerOptions {
  id: string;
  release: number;
  /** The layer colour; absent: the session's next colour, and for range outlines eBird's season colours. */
  color?: string;
  /** Outline every season's range (a range question with no time), not only the subject's season. */
  everySeason?: boolean;
}

/**
 * The map of one query_status subject, by measure: its status cells (weekly measures), its trend
 * cells on a diverging scale with uncertain cells marked (trend), or its range outlines (range_area).
 */
export async function subjectLayers(
  context: PerchContext,
  frame: QueryFrame,
  figures: SubjectFigures,
  options: SubjectLayerOptions,
): Promise<MapLayerPayload[]> {
  const subject = figures.subject;
  const name = `${subject.common_name}: ${frame.measure.replaceAll('_', ' ')}, ${subject.time_label}, ${subject.place_label}`;
  if (frame.measure === 'range_area') {
    if (!subject.area) return [];
    return rangeLayers(context, {
      species: {
        species_code: subject.species_code,
        common_name: subject.common_name,
        release: options.release,
      },
      ...(options.everySeason ? {} : { seasons: [subject.area.season] }),
      smoothing: 'smooth',
      ...(options.color ? { color: options.color } : {}),
      idPrefix: options.id,
    });
  }
  if (!figures.cells) return [];
  const color = options.color ?? nextLayerColor(context.session.id);
  if (frame.measure === 'trend')
    return [
      {
        ...buildTrendLayer({
          table: figures.cells.table,
          name,
          color,
          sourceTables: figures.cells.query.tablesRead,
          sql: figures.cells.query.sql,
          callId: context.callId,
        }),
        id: options.id,
      },
    ];
  if (!isWeeklyMeasure(frame.measure)) return [];
  const period = layerPeriod(subject.weeks, options.release);
  return [
    {
      ...buildCellLayer({
        cells: figures.cells,
        measure: frame.measure,
        name,
        id: options.id,
        unit: MEASURE_UNITS[frame.measure],
        release: options.release,
        color,
        callId: context.callId,
      }),
      ...(period ? { period } : {}),
    },
  ];
}
