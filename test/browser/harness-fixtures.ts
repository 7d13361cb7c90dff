/**
 * Fixtures for the UI harness (test-only, never in the shipped bundle). The basemap is real
 * (world-atlas countries + us-atlas states through topojson-client); the weekly layer, chart and
 * table are synthetic, shaped like the payloads the tools send, so the page's rendering can be
 * seen and checked before the agent worker is integrated.
 */
import { feature } from 'topojson-client';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import countriesTopology from 'world-atlas/countries-110m.json';
import statesTopology from 'us-atlas/states-10m.json';
import type { Catalog, CatalogTable } from '../../src/catalog/types';
import type { ChartPayload, DataTablePayload, MapLayerPayload } from '../../src/payloads';
import type { AgentEvent } from '../../src/agent/agent-event';
import type { QueryFrame } from '../../src/frame/query-frame';
import type { Reading } from '../../src/reader/reading';
import type { AuditEntry } from '../../src/registry';
import type { Topology } from 'topojson-specification';
import { BASEMAP_TOLERANCE_DEGREES, simplifyPolygons } from '../../src/worker/build-basemap';
import { DATA_VERSION } from '../../src/catalog/data-version';

type Ring = number[][];

function ringsOf(topology: unknown, object: string): { rings: Ring[]; names: string[] } {
  const collection = feature(
    topology as Topology,
    (topology as Topology).objects[object],
  ) as unknown as GeoJSON.FeatureCollection;
  const rings: Ring[] = [];
  const names: string[] = [];
  for (const item of collection.features) {
    const geometry = item.geometry;
    const polygons =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    for (const polygon of polygons) {
      rings.push(polygon[0]);
      names.push(String(item.properties?.name ?? ''));
    }
  }
  return { rings, names };
}

/** One outer ring per feature; a multipolygon becomes several features sharing a label. */
export function basemapLayer(): MapLayerPayload {
  const world = ringsOf(countriesTopology, 'countries');
  const states = ringsOf(statesTopology, 'states');
  const rings = [...world.rings, ...states.rings];
  const labels = [...world.names, ...states.names];
  const starts = new Uint32Array(rings.length + 1);
  let vertices = 0;
  rings.forEach((ring, index) => {
    starts[index] = vertices;
    vertices += ring.length;
  });
  starts[rings.length] = vertices;
  const coordinates = new Float64Array(vertices * 2);
  let offset = 0;
  for (const ring of rings)
    for (const [lon, lat] of ring) {
      coordinates[offset++] = lon;
      coordinates[offset++] = lat;
    }
  // Simplified as the agent worker simplifies the real basemap (src/worker/build-basemap.ts).
  return simplifyPolygons(
    {
      kind: 'map-layer',
      id: 'basemap',
      name: 'Countries and states',
      geometry: 'polygon',
      featureCount: rings.length,
      coordinates,
      polygonStarts: starts,
      values: new Float32Array(rings.length).fill(NaN),
      valueName: 'region',
      unit: '',
      domain: [0, 1],
      color: '#cccccc',
      labels,
      sourceTables: ['regions'],
      sql: 'SELECT * FROM regions',
      callId: 'basemap',
    },
    BASEMAP_TOLERANCE_DEGREES,
  );
}

/** Week 24 of 2023 is 2023-06-14 (data-model.md); the weeks are 7 days apart from 2023-01-04. */
export function weekDate(week: number): string {
  return new Date(Date.UTC(2023, 0, 4 + (week - 1) * 7)).toISOString().slice(0, 10);
}

/**
 * A weekly grid over Michigan: abundance rises in spring, peaks in week 16, and moves north for
 * the summer. Cells over Lake Michigan are NaN (not modelled); the south in winter is 0.
 */
export function weeklyLayer(step = 0.25, id = 'layer-weekly'): MapLayerPayload {
  const cells: [number, number][] = [];
  for (let lon = -90.4; lon <= -82.4; lon += step)
    for (let lat = 41.7; lat <= 48.2; lat += step) cells.push([lon, lat]);
  const count = cells.length * 52;
  const coordinates = new Float64Array(count * 2);
  const values = new Float32Array(count);
  const times = new Uint16Array(count);
  const timeLabels: Record<number, string> = {};
  let index = 0;
  for (let week = 1; week <= 52; week++) {
    timeLabels[week] = weekDate(week);
    const season = Math.exp(-(((week - 16) / 5) ** 2)) + 0.45 * Math.exp(-(((week - 28) / 8) ** 2));
    const centreLat = 42.5 + Math.min(1, Math.max(0, (week - 10) / 16)) * 4;
    for (const [lon, lat] of cells) {
      const lake = lon > -87.6 && lon < -86.2 && lat > 41.7 && lat < 45.8;
      const local = Math.exp(-(((lat - centreLat) / 1.6) ** 2));
      const value = season * local * 1.2;
      coordinates[index * 2] = lon;
      coordinates[index * 2 + 1] = lat;
      values[index] = lake ? NaN : value < 0.03 ? 0 : value;
      times[index] = week;
      index++;
    }
  }
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return {
    kind: 'map-layer',
    id,
    name: 'Yellow-bellied Sapsucker abundance',
    geometry: 'point',
    featureCount: count,
    coordinates,
    values,
    times,
    timeLabels,
    valueName: 'Relative abundance',
    unit: 'birds per km of travel',
    domain: [0, max],
    color: '#b4441f',
    labels: new Array<string>(count).fill('USA-MI'),
    sourceTables: ['weekly'],
    sql: "SELECT * FROM weekly WHERE species_code = 'yebsap'",
    callId: 'c3',
  };
}

export function weeklyChart(): ChartPayload {
  const weeks = Array.from({ length: 52 }, (_, index) => index + 1);
  const mean = weeks.map((week) =>
    Number(
      (0.6543 * Math.exp(-(((week - 16) / 5) ** 2)) + 0.3 * Math.exp(-(((week - 28) / 8) ** 2))).toFixed(4),
    ),
  );
  return {
    kind: 'chart',
    id: 'chart-1',
    title: 'Mean relative abundance in Michigan, by week',
    chartType: 'line',
    x: 'date',
    y: 'mean_abundance',
    xLabel: 'Week of 2023',
    yLabel: 'Mean relative abundance',
    unit: 'birds per km',
    columns: { week: weeks, date: weeks.map(weekDate), mean_abundance: mean },
    timeColumn: 'week',
    sourceTables: ['weekly'],
    sql: 'SELECT week, date, avg(abundance) FROM weekly GROUP BY ALL',
    callId: 'c2',
  };
}

export function weeklyTable(rows = 52): DataTablePayload {
  const week = Int32Array.from({ length: rows }, (_, index) => (index % 52) + 1);
  const table = tableFromArrays({
    week,
    date: Array.from(week, weekDate),
    mean_abundance: Float64Array.from(week, (w) => 0.6543 * Math.exp(-(((w - 16) / 5) ** 2))),
    region: Array.from(week, () => 'USA-MI, Michigan'),
  });
  const ipc = tableToIPC(table, 'stream');
  return {
    kind: 'data-table',
    id: 'table-1',
    title: 'Weekly mean abundance, Michigan',
    sql: 'SELECT week, date, avg(abundance) AS mean_abundance FROM weekly GROUP BY ALL',
    rows,
    columns: [
      { name: 'week', type: 'INTEGER' },
      { name: 'date', type: 'VARCHAR' },
      { name: 'mean_abundance', type: 'DOUBLE' },
      { name: 'region', type: 'VARCHAR' },
    ],
    ipc: ipc.buffer.slice(ipc.byteOffset, ipc.byteOffset + ipc.byteLength) as ArrayBuffer,
    callId: 'c2',
  };
}

const table = (
  name: string,
  title: string,
  columns: { name: string; examples: unknown[] }[] = [],
  simulated = false,
  release?: number[],
): CatalogTable => ({
  name,
  title,
  row_meaning: '',
  description: '',
  rows: 1,
  files: [],
  partition_by: [],
  sort_by: [],
  columns: columns.map((column) => ({
    ...column,
    type: 'VARCHAR',
    meaning: '',
    distinct: 1,
    null_fraction: 0,
  })),
  attribution: 'eBird Status and Trends',
  licence: 'eBird terms of use',
  citation: '',
  caveats: [],
  simulated,
  ...(release ? { release } : {}),
});

export const HARNESS_CATALOG: Catalog = {
  version: DATA_VERSION,
  built_at: '2026-11-30T00:00:00Z',
  simulated: true,
  attribution: 'Data: eBird Status and Trends, Cornell Lab of Ornithology, Ithaca, New York.',
  citation: 'Fink, D., et al. 2024. eBird Status and Trends, Data Version: 2023; Released: 2025.',
  macros: [],
  tables: Object.fromEntries(
    [
      table('species', 'Species', [{ name: 'common_name', examples: ['Yellow-bellied Sapsucker'] }]),
      table('weekly', 'Weekly abundance', [], false, [2023]),
      table('seasonal', 'Seasonal abundance'),
      table('trends', 'Abundance trends'),
      table('regional_stats', 'Regional statistics', [
        { name: 'region_code', examples: ['USA-MI'] },
        { name: 'region_name', examples: ['Michigan'] },
      ]),
      table('sim_grid', 'Practice grid (simulated)', [], true),
    ].map((entry) => [entry.name, entry]),
  ),
};

export function auditEntry(
  tool: string,
  callId: string,
  outcome: AuditEntry['outcome'],
  rows?: number,
): AuditEntry {
  return {
    time: '2026-11-30T05:40:00.000Z',
    session_id: 's1',
    agent: 'offline',
    tool,
    call_id: callId,
    arguments: { species: 'yebsap' },
    refused_keys: [],
    outcome,
    bytes: 420,
    duration_ms: 38,
    ...(rows === undefined ? {} : { rows }),
  };
}

export const ANSWER =
  'The **Yellow-bellied Sapsucker** peaks in Michigan in spring migration, in the week of 2023-04-19.\n\n- Average relative abundance that week: 0.6543 over 293 cells\n- Total over all cells: 191.71\n\nSource: [eBird Status and Trends](https://science.ebird.org/en/status-and-trends).';

/** How the offline reader reads public question 1: the peak week of abundance, all year, in Michigan. */
export const RECORDED_FRAME: QueryFrame = {
  species: ['yebsap'],
  measure: 'abundance',
  operation: 'when_highest',
  times: [],
  places: [{ kind: 'region', code: 'USA-MI' }],
};

/**
 * The reading event's content. A read question carries the names of its codes; an edited frame
 * (a chip) is answered as sent, with no names, as src/models/offline/plan-question.ts does.
 */
export function recordedReading(frame?: QueryFrame): Reading {
  const base = { unknown: [], alternatives: [], outOfScope: [], notes: [], carried: [] };
  if (frame) return { ...base, frame, summary: '' };
  return {
    ...base,
    frame: RECORDED_FRAME,
    summary: 'relative abundance · when highest · whole year · Michigan',
    names: { yebsap: 'Yellow-bellied Sapsucker', 'USA-MI': 'Michigan' },
  };
}

/**
 * A recorded turn for public question 1, as the agent worker would stream it. `reading`: what
 * the model read (an offline `ask`); a replay runs no model, so it has none.
 */
export function recordedTurn(
  turnId: string,
  question: string,
  modelId = 'offline',
  reading?: Reading,
): AgentEvent[] {
  const sql =
    "SELECT week, date, avg(abundance) AS mean_abundance FROM weekly WHERE species_code = 'yebsap' AND state_code = 'USA-MI' GROUP BY ALL ORDER BY week";
  const events: AgentEvent[] = [
    { type: 'turn-start', turnId, question, modelId },
    { type: 'step-start', turnId, step: 1 },
    ...(reading ? [{ type: 'reading', turnId, reading } as const] : []),
    {
      type: 'tool-call',
      turnId,
      callId: 'c1',
      name: 'search_datasets',
      arguments: { query: 'Yellow-bellied Sapsucker weekly' },
    },
    {
      type: 'tool-result',
      turnId,
      callId: 'c1',
      name: 'search_datasets',
      ok: true,
      summary: '3 tables match',
      durationMs: 4,
    },
    { type: 'audit-add', turnId, entry: auditEntry('search_datasets', 'c1', 'ok') },
    { type: 'step-start', turnId, step: 2 },
    { type: 'tool-call', turnId, callId: 'c2', name: 'run_sql', arguments: { sql }, sql },
    {
      type: 'tool-result',
      turnId,
      callId: 'c2',
      name: 'run_sql',
      ok: true,
      summary: '52 rows; max 0.6543 in week 16',
      durationMs: 212,
      rows: 52,
    },
    { type: 'payload-add', turnId, payload: weeklyTable() },
    { type: 'audit-add', turnId, entry: auditEntry('run_sql', 'c2', 'ok', 52) },
    { type: 'step-start', turnId, step: 3 },
    {
      type: 'tool-call',
      turnId,
      callId: 'c3',
      name: 'add_map_layer',
      arguments: { table: 'weekly', species: 'yebsap', animate: 'week' },
      sql: "SELECT cell_id, week, abundance FROM weekly WHERE species_code = 'yebsap'",
    },
    {
      type: 'tool-result',
      turnId,
      callId: 'c3',
      name: 'add_map_layer',
      ok: true,
      summary: 'layer with 52 weeks',
      durationMs: 640,
      rows: 43_000,
    },
    { type: 'payload-add', turnId, payload: weeklyLayer() },
    { type: 'audit-add', turnId, entry: auditEntry('add_map_layer', 'c3', 'ok', 43_000) },
    {
      type: 'tool-call',
      turnId,
      callId: 'c4',
      name: 'make_chart',
      arguments: { chart_type: 'line', x: 'date', y: 'mean_abundance' },
    },
    {
      type: 'tool-result',
      turnId,
      callId: 'c4',
      name: 'make_chart',
      ok: true,
      summary: 'line chart, 52 points',
      durationMs: 3,
    },
    { type: 'payload-add', turnId, payload: weeklyChart() },
    { type: 'audit-add', turnId, entry: auditEntry('make_chart', 'c4', 'ok') },
  ];
  for (const piece of ANSWER.match(/[\s\S]{1,24}/g) ?? [])
    events.push({ type: 'text-delta', turnId, text: piece });
  events.push({
    type: 'turn-end',
    turnId,
    summary: {
      question,
      answer: ANSWER,
      modelId,
      steps: 3,
      ...(reading ? { reading } : {}),
      calls: [
        { callId: 'c1', name: 'search_datasets', arguments: { query: 'Yellow-bellied Sapsucker weekly' } },
        { callId: 'c2', name: 'run_sql', arguments: { sql } },
      ],
      provenance: [
        { figure: '0.6543', callId: 'c2', tool: 'run_sql', sql },
        { figure: '2023-04-19', callId: 'c2', tool: 'run_sql', sql },
        { figure: '191.71', callId: 'c2', tool: 'run_sql', sql },
      ],
    },
  });
  return events;
}
