import { existsSync } from 'node:fs';
import { PipelineError } from '../pipeline-error';
import { cellId } from '../geo/grid';
import type { CellRegions } from '../geo/assign-cell-regions';
import { boundingBox, multiPolygonAreaKm2 } from '../geo/planar-area';
import type { Row } from '../tables/stage';
import { findStatusFiles, FULL_YEAR_PRODUCTS, SEASONAL_PRODUCTS, WEEKLY_PRODUCTS } from './find-status-files';
import { readConfig, seasonWeeks } from './read-config';
import type { StatusConfig } from './read-config';
import { readCsv } from './read-csv';
import { readGpkgLayer } from './read-gpkg-layer';
import { readRasterWindow, validWindow } from './read-raster-window';
import type { GridWindow, RasterWindow } from './read-raster-window';

export interface StatusRows {
  speciesCode: string;
  runName: string;
  release: number;
  species: Row;
  tables: Record<string, Row[]>;
  cellIds: number[];
}

export type RegionLookup = (cellIds: number[]) => Map<number, CellRegions>;

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
function validCells(rasters: RasterWindow[], window: GridWindow): number[] {
  const ids: number[] = [];
  for (let r = 0; r < window.rows; r++) {
    for (let c = 0; c < window.columns; c++) {
      const valid = rasters.some((raster) => {
        for (let b = 0; b < raster.bandCount; b++)
          if (!Number.isNaN(raster.values[(r * window.columns + c) * raster.bandCount + b])) return true;
        return false;
      });
      if (valid) ids.push(cellId(window.row0 + r, window.column0 + c));
    }
  }
  return ids;
}

function valueAt(raster: RasterWindow | undefined, id: number, band: number): number | null {
  if (!raster) return null;
  const { window, bandCount, values } = raster;
  const row = Math.floor(id / 1276) - window.row0;
  const column = (id % 1276) - window.column0;
  const value = values[(row * window.columns + column) * bandCount + band];
  return Number.isNaN(value) ? null : value;
}

async function readProducts<K extends string>(
  paths: Partial<Record<K, string>>,
  bands: number,
  window: GridWindow,
) {
  const rasters: Partial<Record<K, RasterWindow>> = {};
  for (const [key, path] of Object.entries(paths) as [K, string][])
    rasters[key] = await readRasterWindow(path, bands, window);
  return rasters;
}

/** Reads one status download folder into rows for every table it feeds. */
export async function readStatusFolder(folder: string, lookupRegions: RegionLookup): Promise<StatusRows> {
  const files = findStatusFiles(folder);
  if (!existsSync(files.config))
    throw new PipelineError(
      'unknown_layout',
      folder,
      'has no config.json',
      'Pass an eBird S&T download folder (release 2022 or later)',
    );
  if (!files.weekly.abundance) {
    throw new PipelineError(
      'unknown_layout',
      folder,
      'has no weekly/<run>_abundance_median_27km_<year>.tif',
      'Download the 27 km weekly products',
    );
  }
  const config = await readConfig(files.config);

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

  const weekly = await readProducts(files.weekly, 52, window);
  for (const raster of Object.values(weekly) as RasterWindow[]) checkWeekBands(raster, config);
  const seasonal = await readProducts(files.seasonal, config.seasons.length, window);
  const fullYear = await readProducts(files.fullYear, 1, window);
  const cellIds = validCells(
    [...Object.values(weekly), ...Object.values(fullYear)] as RasterWindow[],
    window,
  );
  const regions = lookupRegions(cellIds);

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
  const species = names.species_code;

  const weeklyRows: Row[] = [];
  for (let week = 1; week <= 52; week++) {
    for (const id of cellIds) {
      const row: Row = {
        species_code: species,
        week,
        date: config.weekDates[week - 1],
        cell_id: id,
        ...regions.get(id),
      };
      for (const key of Object.keys(WEEKLY_PRODUCTS) as (keyof typeof WEEKLY_PRODUCTS)[])
        row[key] = valueAt(weekly[key], id, week - 1);
      weeklyRows.push(row);
    }
  }

  const seasonalRows: Row[] = [];
  const anySeasonal = Object.values(seasonal)[0] as RasterWindow | undefined;
  const bandSeasons = anySeasonal?.bandNames ?? [];
  const unknown = bandSeasons.filter((name) => !config.seasons.some((season) => season.season === name));
  if (anySeasonal && unknown.length > 0) {
    throw new PipelineError(
      'missing_band',
      anySeasonal.file,
      `band description(s) ${unknown.join(', ')} are not seasons of config.json`,
      'Use the seasonal rasters and config.json of the same download',
    );
  }
  bandSeasons.forEach((season, band) => {
    for (const id of cellIds) {
      const row: Row = { species_code: species, season, cell_id: id, ...regions.get(id) };
      for (const key of Object.keys(SEASONAL_PRODUCTS) as (keyof typeof SEASONAL_PRODUCTS)[])
        row[key] = valueAt(seasonal[key], id, band);
      seasonalRows.push(row);
    }
  });
  if (Object.keys(fullYear).length > 0) {
    for (const id of cellIds) {
      const row: Row = { species_code: species, season: 'full_year', cell_id: id, ...regions.get(id) };
      for (const key of Object.keys(FULL_YEAR_PRODUCTS) as (keyof typeof FULL_YEAR_PRODUCTS)[])
        row[key] = valueAt(fullYear[key], id, 0);
      seasonalRows.push(row);
    }
  }

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

  const tables: Record<string, Row[]> = { weekly: weeklyRows, seasonal: seasonalRows, seasons, ranges };
  tables.weeks = config.weekDates.map((date, index) => ({
    release: config.release,
    week: index + 1,
    date,
    day_of_year: Math.round((Date.parse(date) - Date.UTC(config.release, 0, 1)) / 86_400_000) + 1,
    month: Number(date.slice(5, 7)),
  }));
  if (files.regionalStats) {
    tables.regional_stats = (
      await readCsv(files.regionalStats, ['region_code', 'season', 'total_pop_percent'])
    ).map((row) => ({
      species_code: species,
      region_type: row.region_type,
      region_code: row.region_code,
      region_name: row.region_name,
      continent_code: row.continent_code,
      continent_name: row.continent_name,
      season: row.season,
      abundance_mean: Number(row.abundance_mean),
      total_pop_fraction: Number(row.total_pop_percent),
      continent_pop_fraction: Number(row.continent_pop_percent),
      range_occupied_fraction: Number(row.range_occupied_percent),
      range_total_fraction: Number(row.range_total_percent),
      range_days_occupation: Number(row.range_days_occupation),
      max_week: row.max_week || null,
      max_week_pop_fraction: Number(row.max_week_percent_pop),
    }));
  }
  if (files.centroids) {
    tables.centroids = (
      await readCsv(files.centroids, ['date', 'longitude', 'latitude', 'prev_dist_km'])
    ).map((row) => ({
      species_code: species,
      week: config.weekDates.indexOf(row.date) + 1 || null,
      date: row.date,
      lon: Number(row.longitude),
      lat: Number(row.latitude),
      prev_dist_km: Number(row.prev_dist_km),
    }));
  }
  if (files.predictorImportance) {
    tables.predictor_importance = (
      await readCsv(files.predictorImportance, ['response', 'predictor', 'rank_mean', 'rank'])
    ).map((row) => ({
      species_code: species,
      response: row.response,
      predictor: row.predictor,
      rank_mean: Number(row.rank_mean),
      rank: Number(row.rank),
    }));
  }
  const products = [
    'weekly',
    seasonalRows.length > 0 && 'seasonal',
    ranges.length > 0 && 'ranges',
    tables.regional_stats && 'regional_stats',
    tables.centroids && 'centroids',
    tables.predictor_importance && 'predictor_importance',
  ].filter(Boolean);
  return {
    speciesCode: species,
    runName: config.runName,
    release: config.release,
    species: {
      ...names,
      run_name: config.runName,
      release: config.release,
      is_resident: config.isResident,
      trends_release: null,
      products: products.join(','),
      simulated: false,
    },
    tables,
    cellIds,
  };
}
