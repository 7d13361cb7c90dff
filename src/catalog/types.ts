/**
 * The catalog: what `npm run data` writes to `public/data/catalog.json` and what every other
 * layer reads to know which tables exist, where their files are and what their columns mean.
 * The model reads it (through `describe_table`, `search_datasets`) to look before it commits.
 */

/** DuckDB logical types the pipeline writes. */
export type ColumnType = 'VARCHAR' | 'INTEGER' | 'BIGINT' | 'DOUBLE' | 'BOOLEAN' | 'DATE';

export interface CatalogColumn {
  name: string;
  type: ColumnType;
  /** Unit in words ("km²", "relative abundance", "fraction 0–1"); absent for identifiers. */
  unit?: string;
  /** What a value means, written for a model and for a person. */
  meaning: string;
  /** Up to 5 real values, in the column's JSON form. */
  examples: unknown[];
  distinct: number;
  min?: number | string | null;
  max?: number | string | null;
  /** Share of rows that are NULL (0–1). For rasters NULL means *not modelled*, never zero. */
  null_fraction: number;
  /**
   * eBird S&T releases whose rows have this column, when only some of the build's releases do
   * (e.g. regional_stats.max_week: 2023 has it, 2022 not); absent when every release has it. A
   * column no release has is not in the catalog at all.
   */
  releases?: number[];
}

/** How a table carries geometry, so `add_map_layer` knows how to draw it. */
export type GeometryKind =
  | { kind: 'lonlat'; lon: string; lat: string }
  | { kind: 'polygon'; column: string; encoding: 'geojson' }
  | { kind: 'cell_id'; column: string };

export interface CatalogFile {
  /** Path relative to the catalog's folder, e.g. `weekly/species_code=yebsap.parquet`. */
  path: string;
  bytes: number;
  rows: number;
  /** Partition values this file holds (hive style), e.g. `{species_code: 'yebsap'}`. */
  partition?: Record<string, string | number>;
  /** sha256 of the file, so caches and the incremental build can tell versions apart. */
  sha256: string;
}

export interface CatalogTable {
  name: string;
  title: string;
  /** What one row is, e.g. "one 27 km cell in one week for one species". */
  row_meaning: string;
  description: string;
  rows: number;
  files: CatalogFile[];
  partition_by: string[];
  sort_by: string[];
  columns: CatalogColumn[];
  geometry?: GeometryKind;
  time_column?: string;
  attribution: string;
  licence: string;
  citation: string;
  /** eBird S&T release year(s) the rows come from; absent for non-eBird tables. */
  release?: number[];
  caveats: string[];
  simulated: boolean;
  /**
   * Set by the engine on a table a session added from bytes (a URL or a dropped file): its column
   * names and values are the file author's text, so tools mark them as content for the model.
   */
  user_added?: true;
}

/** The map's backdrop file (src/catalog/basemap-file.ts), beside catalog.json; absent in builds before it existed. */
export interface CatalogBasemap {
  path: string;
  bytes: number;
  sha256: string;
  /** Packages its shapes and names come from. */
  sources: string[];
}

/** Query results the pipeline kept for the engine to answer before DuckDB starts (engine/prebuilt-results.ts). */
export interface CatalogPrebuilt {
  path: string;
  bytes: number;
  sha256: string;
  /** How many results the file holds. */
  results: number;
}

export interface Catalog {
  /** The pipeline's DATA_VERSION (data-version.ts) when it wrote this catalog; the engine opens no other. */
  version: number;
  built_at: string;
  /** True when any table holds simulated (fictional) data. */
  simulated: boolean;
  attribution: string;
  citation: string;
  /** Named SQL helpers (macros) the engine registers, documented for the model. */
  macros: { name: string; signature: string; meaning: string }[];
  tables: Record<string, CatalogTable>;
  basemap?: CatalogBasemap;
  /** Absent in builds before it existed, and where the pipeline could not run the queries. */
  prebuilt?: CatalogPrebuilt;
  /**
   * What a person should know about this build, shown on the page beside the data line, e.g. why
   * the simulated demo was built instead of the real example. Absent when there is nothing to say.
   */
  notes?: string[];
}
