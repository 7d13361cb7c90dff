import { z } from 'zod';
import { toolFailure } from '../registry';
import { defineTool } from './define-tool';
import { buildMapLayer, nextLayerColor } from './support/build-map-layer';
import { findGeometry } from './support/find-geometry';
import { checkColumn, resultColumns, subquery } from './support/result-columns';
import { RESULT_FIELDS, resultFields } from './support/result-fields';
import { runQuery } from './support/run-query';
import { requireTables } from './support/scoped-table';
import { markIfReadsAdded, UNTRUSTED_FIELDS } from './support/untrusted-content';

/** Sized for a continent at 27 km over a few weeks: the payload is typed arrays, sent out of band. */
const MAX_FEATURES = 1_100_000;

/** What was drawn; a layer of an added table comes marked (untrusted_content). */
export const addMapLayerResultSchema = z.strictObject({
  ...UNTRUSTED_FIELDS,
  /** What was drawn; the features themselves go to the map, never to the model. */
  layer: z.strictObject({
    id: z.string(),
    name: z.string(),
    geometry: z.enum(['point', 'polygon']),
    features: z.number().int(),
    color_by: z.string(),
    unit: z.string(),
    /** [min, max] of the coloured values ([0, 0] when none is modelled). */
    domain: z.tuple([z.number(), z.number()]),
    color: z.string(),
    /** Features with NULL (not modelled), drawn apart from 0 (predicted absent). */
    no_data_features: z.number().int(),
    time_column: z.string().nullable(),
    weeks: z.number().int().nullable(),
  }),
  ...RESULT_FIELDS,
});
export type AddMapLayerResult = z.infer<typeof addMapLayerResultSchema>;

export const addMapLayer = defineTool({
  name: 'add_map_layer',
  description:
    'Adds a layer to the map from one SELECT. The result needs geometry: lon and lat columns, a *_geojson polygon column, or cell_id (joined to the cells table for you). color_by picks the numeric column to colour by; time_column (week or date) makes the layer animate by week. Layers accumulate: one call per species to compare. Returns a short summary; the features go to the map, not to you.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    sql: z.string().min(1).max(20_000).describe('One SELECT returning geometry and a value column'),
    name: z
      .string()
      .min(1)
      .max(120)
      .describe('Layer name shown in the legend, e.g. "Yellow-bellied Sapsucker, week 24"'),
    color_by: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('Numeric column to colour by; default the first numeric column that is not geometry or time'),
    time_column: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('Column of weeks (1–52) or dates; the layer animates by week'),
  }),
  output: addMapLayerResultSchema,
  async run(args, context) {
    const probe = await runQuery(context, `SELECT * FROM ${subquery(args.sql)} AS q LIMIT 0`, { maxRows: 0 });
    const catalog = context.services.engine.catalog;
    // Column names read from a table the user added are its author's text: marked, refusals too.
    const marked = <T extends object>(outcome: T) => markIfReadsAdded(catalog, probe.tablesRead, outcome);
    const columns = resultColumns(probe.table);
    const names = columns.map((column) => column.name);
    const geometry = findGeometry(names);
    if (geometry === null) {
      return marked(
        toolFailure(
          'no_geometry',
          `no_geometry: the query returns no geometry (columns: ${names.join(', ')}). Return lon and lat, a *_geojson column, or cell_id.`,
          {
            hint: 'For weekly or seasonal rows, select cell_id (joined to cells for you) or JOIN cells ON cells.cell_id = weekly.cell_id and select cells.lon, cells.lat. Regions have geometry_geojson in the regions table.',
          },
        ),
      );
    }
    let sql = args.sql;
    let drawn: typeof geometry = geometry;
    if (geometry.kind === 'cell_id') {
      const missing = requireTables(context, ['cells']);
      if (missing) return missing;
      // The cell square once per cell (not once per week of a weekly layer: ~170 bytes a row).
      sql = `SELECT q.*, c.lon AS cell_lon, c.lat AS cell_lat, CASE WHEN row_number() OVER (PARTITION BY q.cell_id) = 1 THEN c.footprint_geojson END AS cell_footprint_geojson FROM ${subquery(args.sql)} AS q JOIN cells AS c ON c.cell_id = q.cell_id`;
      drawn = {
        kind: 'point',
        lon: 'cell_lon',
        lat: 'cell_lat',
        footprint: { geojson: 'cell_footprint_geojson', cell: 'cell_id' },
      };
    }
    const time =
      args.time_column === undefined ? undefined : checkColumn(columns, args.time_column, 'time_column');
    if (time && 'code' in time) return marked(time);
    const skip = new Set([
      ...Object.values(drawn).filter((value) => value !== drawn.kind),
      'cell_id',
      args.time_column,
      'week',
      'srd_id',
      'fold',
      'release',
    ]);
    const value =
      args.color_by !== undefined
        ? checkColumn(columns, args.color_by, 'color_by')
        : columns.find((column) => column.numeric && !skip.has(column.name));
    if (value === undefined)
      return marked(
        toolFailure(
          'no_value',
          `no_value: the query returns no numeric column to colour by (columns: ${names.join(', ')}). Add one (e.g. abundance) or name it in color_by.`,
        ),
      );
    if ('code' in value) return marked(value);
    if (!value.numeric)
      return marked(
        toolFailure(
          'invalid_arguments',
          `invalid_arguments: color_by '${value.name}' is ${value.type}, not a number. Name a numeric column.`,
        ),
      );
    const query = await runQuery(context, sql, {
      maxRows: MAX_FEATURES,
      maxBytes: 400_000_000,
      timeoutMs: 30_000,
    });
    const release = Math.max(
      2023,
      ...query.tablesRead.flatMap((table) => catalog.tables[table]?.release ?? []),
    );
    const unit =
      query.tablesRead
        .map((table) => catalog.tables[table]?.columns.find((column) => column.name === value.name)?.unit)
        .find(Boolean) ?? value.name;
    const layer = buildMapLayer(
      {
        table: query.table,
        name: args.name,
        valueColumn: value.name,
        unit,
        timeColumn: time?.name,
        release,
        color: nextLayerColor(context.session.id),
        sourceTables: query.tablesRead,
        sql: query.sql,
        callId: context.callId,
      },
      drawn as Exclude<typeof drawn, { kind: 'cell_id' }>,
    );
    context.attach({ kind: 'map-layer', payload: layer });
    const nulls = layer.values.reduce((count, item) => count + (Number.isNaN(item) ? 1 : 0), 0);
    return marked({
      layer: {
        id: layer.id,
        name: layer.name,
        geometry: layer.geometry,
        features: layer.featureCount,
        color_by: value.name,
        unit,
        domain: layer.domain,
        color: layer.color,
        no_data_features: nulls,
        time_column: time?.name ?? null,
        weeks: layer.timeLabels ? Object.keys(layer.timeLabels).length : null,
      },
      ...resultFields({
        count: layer.featureCount,
        queries: [query],
        scope: `map layer '${args.name}' from the rows of its query`,
        caveats: [
          ...(nulls > 0
            ? [
                `${nulls} features have no value (NULL = not modelled); they are drawn apart from 0 (predicted absent).`,
              ]
            : []),
          ...(query.rows > layer.featureCount
            ? [`${query.rows - layer.featureCount} rows had no usable geometry and are not drawn.`]
            : []),
          ...query.tablesRead.flatMap((table) => catalog.tables[table]?.caveats ?? []),
        ],
      }),
    });
  },
});
