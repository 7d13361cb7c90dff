import Database from 'better-sqlite3';
import { PipelineError } from '../pipeline-error';
import type { PolygonCoordinates } from '../geo/planar-area';
import { parseGpkgGeometry } from './parse-gpkg-geometry';

export interface GpkgFeature {
  properties: Record<string, unknown>;
  polygons: PolygonCoordinates[];
}

const FIX = 'Download the ranges GeoPackage again from eBird Status & Trends';

/**
 * Reads every feature of one GeoPackage layer. better-sqlite3 because Node 20 has no node:sqlite
 * and native DuckDB's sqlite extension is downloaded on first use (no network here).
 */
export function readGpkgLayer(file: string, layer: string): GpkgFeature[] {
  let database: Database.Database;
  try {
    database = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new PipelineError(
      'bad_geopackage',
      file,
      `cannot open as SQLite (${(error as Error).message})`,
      FIX,
    );
  }
  try {
    const column = database
      .prepare('SELECT column_name, srs_id FROM gpkg_geometry_columns WHERE table_name = ?')
      .get(layer) as { column_name: string; srs_id: number } | undefined;
    if (!column) throw new PipelineError('bad_geopackage', file, `has no feature layer '${layer}'`, FIX);
    if (column.srs_id !== 4326) {
      throw new PipelineError(
        'wrong_crs',
        file,
        `layer '${layer}' is in srs_id ${column.srs_id}, expected 4326 (WGS84) as eBird ships it`,
        FIX,
      );
    }
    const rows = database.prepare(`SELECT * FROM "${layer.replaceAll('"', '""')}"`).all() as Record<
      string,
      unknown
    >[];
    return rows.map((row) => {
      const { [column.column_name]: blob, ...properties } = row;
      try {
        return { properties, polygons: blob ? parseGpkgGeometry(blob as Uint8Array) : [] };
      } catch (error) {
        throw new PipelineError(
          'bad_geopackage',
          file,
          `feature ${String(row.fid)} of '${layer}': ${(error as Error).message}`,
          FIX,
        );
      }
    });
  } catch (error) {
    if (error instanceof PipelineError) throw error;
    throw new PipelineError('bad_geopackage', file, (error as Error).message, FIX);
  } finally {
    database.close();
  }
}
