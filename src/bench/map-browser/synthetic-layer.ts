import type { MapLayerPayload } from '../../payloads';
import { timeBlocks } from '../../tools/support/build-map-layer';

/**
 * A weekly point layer shaped like an `add_map_layer` payload of the eBird weekly grid: `cells`
 * cells on a 0.25° grid (≈27 km, the example's cell size) over North America, each present in
 * every week 1..`weeks`, feature order week-major (time-sorted) with `timeStarts`, as
 * `buildMapLayer` emits a layer with a time column.
 * Each feature carries its cell square (`footprints`), so the map draws quads as for real cell layers.
 * Values are deterministic: ≈10% NaN (not modelled), ≈20% 0 (predicted absent), the rest in (0, 1].
 */
export function syntheticLayer(id: string, cells: number, weeks: number): MapLayerPayload {
  const featureCount = cells * weeks;
  const columns = Math.ceil(Math.sqrt(cells * 1.6));
  const coordinates = new Float64Array(featureCount * 2);
  // Each cell's square (±0.125°), as the tools send cells.footprint_geojson: the map draws quads.
  const footprints = new Float64Array(featureCount * 8);
  const values = new Float32Array(featureCount);
  const times = new Uint16Array(featureCount);
  for (let week = 1; week <= weeks; week++) {
    for (let cell = 0; cell < cells; cell++) {
      const index = (week - 1) * cells + cell;
      const lon = -125 + (cell % columns) * 0.25;
      const lat = 25 + Math.floor(cell / columns) * 0.25;
      coordinates[index * 2] = lon;
      coordinates[index * 2 + 1] = lat;
      footprints.set(
        [
          lon - 0.125,
          lat - 0.125,
          lon + 0.125,
          lat - 0.125,
          lon + 0.125,
          lat + 0.125,
          lon - 0.125,
          lat + 0.125,
        ],
        index * 8,
      );
      times[index] = week;
      values[index] = cellValue(cell, week, weeks);
    }
  }
  const timeLabels: Record<number, string> = {};
  for (let week = 1; week <= weeks; week++) timeLabels[week] = `week ${week}`;
  return {
    kind: 'map-layer',
    id,
    name: `synthetic ${featureCount} features`,
    geometry: 'point',
    featureCount,
    coordinates,
    footprints,
    values,
    times,
    timeStarts: timeBlocks(times),
    timeLabels,
    valueName: 'abundance',
    unit: 'birds/km²',
    domain: [0, 1],
    color: '#1b7837',
    sourceTables: ['weekly'],
    sql: '-- synthetic bench layer',
    callId: id,
  };
}

function cellValue(cell: number, week: number, weeks: number): number {
  const hash = (Math.imul(cell + 1, 2654435761) ^ Math.imul(week, 40503)) >>> 0;
  const bucket = hash % 10;
  if (bucket === 0) return Number.NaN;
  if (bucket <= 2) return 0;
  // A seasonal wave, so weeks differ as a migrant's would.
  return Math.max(
    0.001,
    (0.5 + 0.5 * Math.sin((2 * Math.PI * week) / weeks + cell / 500)) * ((hash % 1000) / 1000),
  );
}
