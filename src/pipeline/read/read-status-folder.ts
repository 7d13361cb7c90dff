import { PipelineError } from '../pipeline-error';
import { type GridEntry, cellRowColumn, gridCellId } from '../geo/grid-registry';
import type { CellRegions } from '../geo/assign-cell-regions';
import { boundingBox, multiPolygonAreaKm2 } from '../geo/planar-area';
import type { ReleaseKey, StagedSpecies } from '../tables/release-keys';
import type { Row } from '../tables/stage';
import {
  type FullYearProduct,
  findStatusFiles,
  type SeasonalProduct,
  type WeeklyProduct,
} from './find-status-files';
import { readBandSeasons } from './read-band-seasons';
import { readCentroids } from './read-centroids';
import { readConfig, seasonWeeks } from './read-config';
import type { StatusConfig } from './read-config';
import { readCsv } from './read-csv';
import { readPredictorImportance } from './read-predictor-importance';
import { readRegionalStats } from './read-regional-stats';
import { RESOLUTION_TOKENS, type ResolutionKm } from './resolution-tokens';
import { readGpkgLayer } from './read-gpkg-layer';
import { readRasterWindow, validWindow } from './read-raster-window';
import type { GridWindow, RasterWindow } from './read-raster-window';
import type { RasterGrid } from '../geo/raster-grid';

/** What staging one status folder left: the species row (appended last, with trends) and the small tables build-data merges. */
export interface StagedStatus {
  entry: StagedSpecies;
  runName: string;
  release: number;
  species: Row;
  /** One release's weeks (build-data writes each release once). */
  weeks: Row[];
  seasons: Row[];
  cellIds: number[];
  /** What a person should know about this folder (e.g. its config names no seasons). */
  notes: string[];
}

/** Where a status folder's rows go: the key its species is filed under, then the staged tables. */
export interface StatusSink {
  admit(species: Omit<StagedSpecies, 'key'>): Promise<ReleaseKey>;
  append(table: string, rows: Row[], release: number): Promise<void>;
}

/** The build's cells: ids on a grid, and each cell's regions (tables/stage-geography.ts CellRegistry). */
export interface CellLookup {
  register(grid: RasterGrid): GridEntry;
  lookup(cellIds: number[]): Map<number, CellRegions>;
}

function speciesNames(rangeProperties: Record<string, unknown> | undefined) {
  if (rangeProperties?.species_code && rangeProperties.common_name && rangeProperties.scientific_name) {
    return {
      species_code: String(rangeProperties.species_code),
      common_name: String(rangeProperties.common_name),
      scientific_name: String(rangeProperties.scientific_name),
    };
  }
  return undefined;
}

async function namesFromTaxonomy(file: string, runName: string) {
  const rows = await readCsv(file, ['species_code', 'common_name', 'scientific_name']);
  const match = rows.find(
    (row) => row.species_code === runName || runName.startsWith(`${row.species_code}-`),
  );
  return match
    ? {
        species_code: match.species_code,
        common_name: match.common_name,
        scientific_name: match.scientific_name,
      }
    : undefined;
}

function checkWeekBands(raster: RasterWindow, config: StatusConfig): void {
  raster.bandNames.forEach((name, index) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(name) && name !== config.weekDates[index]) {
      throw new PipelineError(
        'missing_band',
        raster.file,
        `band ${index + 1} is dated ${name} but config.json week ${index + 1} is ${config.weekDates[index]}`,
        'Use the weekly rasters and config.json of the same download',
      );
    }
  });
}

/** Cells with a value in any band of any of the rasters, in cell_id order. */
function validCells(rasters: RasterWindow[], window: GridWindow, entry: GridEntry): number[] {
  const ids: number[] = [];
  for (let r = 0; r < window.rows; r++) {
    for (let c = 0; c < window.columns; c++) {
      const valid = rasters.some((raster) => {
        for (let b = 0; b < raster.bandCount; b++)
          if (!Number.isNaN(raster.values[(r * window.columns + c) * raster.bandCount + b])) return true;
        return false;
      });
      if (valid) ids.push(gridCellId(entry, window.row0 + r, window.column0 + c));
    }
  }
  return ids;
}

function valueAt(raster: RasterWindow | undefined, id: number, band: number): number | null {
  if (!raster) return null;
  const { window, bandCount, values } = raster;
  const cell = cellRowColumn(raster.grid, id);
  const row = cell.row - window.row0;
  const column = cell.column - window.column0;
  const value = values[(row * window.columns + column) * bandCount + band];
  return Number.isNaN(value) ? null : value;
}

async function readProducts<K extends string>(
  paths: Partial<Record<K, string>>,
  bands: number,
  window: GridWindow,
  grid: RasterGrid,
) {
  const rasters: Partial<Record<K, RasterWindow>> = {};
  for (const [key, path] of Object.entries(paths) as [K, string][])
    rasters[key] = await readRasterWindow(path, bands, window, { grid });
  return rasters;
}

export interface StatusReadOptions {
  /** Which products to read: 27 (default), 9 or 3 km. */
  resolutionKm?: ResolutionKm;
  /** ebirdst 4.2023's all-species `regional-stats_<year>.parquet` (discover/ StatusInput), read when the folder has no regional_stats.csv. */
  regionalStatsParquet?: string;
}

/**
 * Bands the seasonal rasters must have. ebirdst leaves out the layer of a season that failed
 * review (load_raster doc: "if a season failed review no associated layer will be included"), so
 * it is the seasons that passed; band-seasons.csv, when present, says it outright. A config with
 * no season_dates (some 2021 configs) gives no count: then the four eBird seasons (FORMAT.md §1c).
 */
function seasonalBandCount(config: StatusConfig, bandSeasons: string[] | undefined): number {
  if (bandSeasons) return bandSeasons.length;
  const passed = config.seasons.filter((season) => season.passed_review).length;
  return passed > 0 ? passed : config.seasons.length > 0 ? config.seasons.length : 4;
}

/**
 * The season of each seasonal band: band-seasons.csv when the download has it (2022), else the
 * band descriptions (2023). A band with neither is an error naming the raster; so is a name the
 * config does not list, when the config lists seasons at all (a 2021 config may list none). The
 * caller leaves the seasonal product out on such an error (leftOutWhenUnnamed).
 */
function seasonalBandNames(
  raster: RasterWindow,
  fromCsv: string[] | undefined,
  csvFile: string | undefined,
  config: StatusConfig,
): string[] {
  const names = fromCsv ?? raster.bandNames;
  const source = fromCsv ? csvFile! : raster.file;
  const unnamed = names.flatMap((name, band) => (name ? [] : [band + 1]));
  if (unnamed.length > 0)
    throw new PipelineError(
      'missing_band',
      raster.file,
      `band(s) ${unnamed.join(', ')} have no season name: no band description and no seasonal/band-seasons.csv`,
      'Use the seasonal rasters as downloaded, with the band-seasons.csv of the same download when it has one',
    );
  const unknown = names.filter((name) => !config.seasons.some((season) => season.season === name));
  if (config.seasons.length > 0 && unknown.length > 0)
    throw new PipelineError(
      'missing_band',
      source,
      `season name(s) ${unknown.join(', ')} are not seasons of config.json`,
      'Use the seasonal rasters and config.json of the same download',
    );
  return names;
}

/**
 * The seasonal rasters are a convenience (their values are means of the weekly bands, FORMAT.md
 * §1c): when their bands cannot be told apart — no descriptions, no band-seasons.csv, a band count
 * the config does not explain, as in some older releases — they are left out with a note naming
 * the file, and the weekly data still builds. Any other error stops the build.
 */
async function leftOutWhenUnnamed<T>(notes: string[], read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof PipelineError) || error.code !== 'missing_band') throw error;
    notes.push(
      `${error.message} — the seasonal product is left out of this build; weekly questions still work.`,
    );
    return undefined;
  }
}

/**
 * band-seasons.csv's header is not documented (we have seen none): one we cannot read is noted
 * and the band descriptions name the seasons instead, as in 2023 files.
 */
async function readBandSeasonsOrNote(file: string | undefined, notes: string[]) {
  if (!file) return undefined;
  try {
    return await readBandSeasons(file);
  } catch (error) {
    if (!(error instanceof PipelineError)) throw error;
    notes.push(`${error.message} — the seasonal bands are named by their descriptions instead.`);
    return undefined;
  }
}

/**
 * Reads one status download folder and stages its rows. Weekly and seasonal rows go to the sink
 * one week (or season) at a time: a continental species has 100,000+ cells, and holding its 5.2
 * million weekly rows as objects took the build past 4 GB (20,000 cells: 1.0 GB peak). Returns
 * `duplicate` (nothing staged) when the build already holds this species and release.
 */
export async function readStatusFolder(
  folder: string,
  cells: CellLookup,
  sink: StatusSink,
  options: StatusReadOptions = {},
): Promise<StagedStatus | { duplicate: string }> {
  const files = findStatusFiles(folder, options.resolutionKm);
  // The config first: without it no file of the folder can be read (weeks, seasons, run name).
  const config = await readConfig(files.config, files.bandDates);
  if (!files.weekly.abundance) {
    const tokens = RESOLUTION_TOKENS[files.resolutionKm].map((token) => `_${token}_`).join(' or ');
    throw new PipelineError(
      'unknown_layout',
      folder,
      `has no weekly/<run>_abundance_median_<resolution>_<year>.tif with ${tokens} in its name`,
      `Download the ${files.resolutionKm} km weekly products`,
    );
  }

  // Where the data is: a 1-band full-year raster is cheap to read whole; the 52-band ones are not.
  const locator = files.fullYear.abundance_mean
    ? await readRasterWindow(files.fullYear.abundance_mean, 1)
    : await readRasterWindow(files.weekly.abundance, 52);
  const window = validWindow(locator);
  if (!window)
    throw new PipelineError(
      'unknown_layout',
      locator.file,
      'holds no valid (non-NaN) cell',
      'Check the download',
    );

  // Every product of the folder must be on the locator's grid (readRasterWindow checks).
  const weekly = await readProducts(files.weekly, 52, window, locator.grid);
  for (const raster of Object.values(weekly) as RasterWindow[]) checkWeekBands(raster, config);
  const seasonalNotes: string[] = [];
  const bandSeasons = await readBandSeasonsOrNote(files.bandSeasons, seasonalNotes);
  const seasonalRead = await leftOutWhenUnnamed(seasonalNotes, async () => {
    const rasters = await readProducts(
      files.seasonal,
      seasonalBandCount(config, bandSeasons),
      window,
      locator.grid,
    );
    const first = Object.values(rasters)[0] as RasterWindow | undefined;
    const names = first ? seasonalBandNames(first, bandSeasons, files.bandSeasons, config) : [];
    return { rasters, names };
  });
  const seasonal = seasonalRead?.rasters ?? {};
  const seasonNames = seasonalRead?.names ?? [];
  const fullYear = await readProducts(files.fullYear, 1, window, locator.grid);
  const cellIds = validCells(
    [...Object.values(weekly), ...Object.values(fullYear)] as RasterWindow[],
    window,
    cells.register(locator.grid),
  );
  const regions = cells.lookup(cellIds);

  const rangeFeatures = Object.entries(files.ranges).flatMap(([smoothing, path]) =>
    ['range', 'prediction_area'].flatMap((layer) =>
      readGpkgLayer(path!, layer).map((feature) => ({ ...feature, layer, smoothing })),
    ),
  );
  const names =
    speciesNames(rangeFeatures[0]?.properties) ??
    (files.taxonomy ? await namesFromTaxonomy(files.taxonomy, config.runName) : undefined);
  if (!names) {
    throw new PipelineError(
      'missing_species_name',
      folder,
      `no ranges GeoPackage or taxonomy.csv names run ${config.runName}`,
      'Add the ranges/ folder or a taxonomy.csv (species_code, common_name, scientific_name); names are never invented',
    );
  }
  const admitted = await sink.admit({
    taxon: names.species_code,
    release: config.release,
    runName: config.runName,
    folder,
  });
  if (admitted.kind === 'duplicate') return { duplicate: admitted.note };
  const notes = [...config.notes, ...seasonalNotes, ...(admitted.note ? [admitted.note] : [])];
  const species = admitted.key;
  const append = (table: string, rows: Row[]) => sink.append(table, rows, config.release);

  // Keys only for products this download has: a product with no file is an absent column
  // (ColumnPresence), while NaN in a file that exists is NULL, "not modelled".
  const place = (id: number): CellRegions => regions.get(id) ?? { country_code: null, state_code: null };
  const weeklyKeys = Object.keys(weekly) as WeeklyProduct[];
  for (let week = 1; week <= 52; week++) {
    const rows: Row[] = [];
    for (const id of cellIds) {
      const row: Row = {
        species_code: species,
        week,
        date: config.weekDates[week - 1],
        cell_id: id,
        ...place(id),
      };
      for (const key of weeklyKeys) row[key] = valueAt(weekly[key], id, week - 1);
      rows.push(row);
    }
    await append('weekly', rows);
  }

  const seasonalKeys = Object.keys(seasonal) as SeasonalProduct[];
  for (const [band, season] of seasonNames.entries()) {
    const rows: Row[] = [];
    for (const id of cellIds) {
      const row: Row = { species_code: species, season, cell_id: id, ...place(id) };
      for (const key of seasonalKeys) row[key] = valueAt(seasonal[key], id, band);
      rows.push(row);
    }
    await append('seasonal', rows);
  }
  const fullYearKeys = Object.keys(fullYear) as FullYearProduct[];
  if (fullYearKeys.length > 0) {
    const rows: Row[] = [];
    for (const id of cellIds) {
      const row: Row = { species_code: species, season: 'full_year', cell_id: id, ...place(id) };
      for (const key of fullYearKeys) row[key] = valueAt(fullYear[key], id, 0);
      rows.push(row);
    }
    await append('seasonal', rows);
  }
  const hasSeasonal = seasonNames.length > 0 || fullYearKeys.length > 0;

  const seasons = config.seasons.map((season) => {
    const weeks = seasonWeeks(season, config.weekDates);
    const startWeek =
      config.weekDates.findIndex(
        (date) => date >= season.start_date.replace(/^\d{4}/, String(config.release)),
      ) + 1;
    const endWeek =
      config.weekDates.findLastIndex(
        (date) => date <= season.end_date.replace(/^\d{4}/, String(config.release)),
      ) + 1;
    return {
      species_code: species,
      ...season,
      start_week: startWeek || null,
      end_week: endWeek || null,
      weeks: weeks.length,
    };
  });

  const ranges = rangeFeatures.map((feature) => {
    const [xmin, ymin, xmax, ymax] = boundingBox(feature.polygons);
    return {
      species_code: species,
      season: feature.properties.season,
      layer: feature.layer,
      smoothing: feature.smoothing,
      start_date: feature.properties.start_date,
      end_date: feature.properties.end_date,
      area_km2: multiPolygonAreaKm2(feature.polygons),
      xmin,
      ymin,
      xmax,
      ymax,
      geometry_geojson: JSON.stringify({ type: 'MultiPolygon', coordinates: feature.polygons }),
    };
  });

  await append('seasons', seasons);
  await append('ranges', ranges);
  const weeks = config.weekDates.map((date, index) => ({
    release: config.release,
    week: index + 1,
    date,
    day_of_year: Math.round((Date.parse(date) - Date.UTC(config.release, 0, 1)) / 86_400_000) + 1,
    month: Number(date.slice(5, 7)),
  }));
  const regionalStats = await readRegionalStats(
    { csv: files.regionalStats, parquet: options.regionalStatsParquet },
    { code: names.species_code, runName: config.runName },
  );
  if (regionalStats)
    await append(
      'regional_stats',
      regionalStats.rows.map((row) => ({ ...row, species_code: species })),
    );
  if (files.centroids)
    await append('centroids', await readCentroids(files.centroids, species, config.weekDates));
  if (files.predictorImportance)
    await append('predictor_importance', await readPredictorImportance(files.predictorImportance, species));
  const products = [
    'weekly',
    hasSeasonal && 'seasonal',
    ranges.length > 0 && 'ranges',
    regionalStats && 'regional_stats',
    files.centroids && 'centroids',
    files.predictorImportance && 'predictor_importance',
  ].filter(Boolean);
  return {
    entry: admitted.entry,
    runName: config.runName,
    release: config.release,
    species: {
      ...names,
      species_code: species,
      run_name: config.runName,
      release: config.release,
      is_resident: config.isResident,
      trends_release: null,
      products: products.join(','),
      simulated: false,
    },
    weeks,
    seasons,
    cellIds,
    notes,
  };
}
