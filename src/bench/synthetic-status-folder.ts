/**
 * A synthetic eBird S&T status download of one continental species, for the build-memory bench:
 * config.json, the six 52-band weekly products and the seasonal/full-year abundance means as
 * EPSG:8857 27 km GeoTIFFs covering `cells` cells (written like eBird's: deflate tiles, IFD at the end), and a taxonomy.csv for its names. Written
 * as eBird lays a species folder out, so the build reads it through the same path as a download.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeTinyGeoTiff } from '../pipeline/test-support/tiny-geotiff';

/** North America's corner of the 1276 × 618 grid, so the cells fall in real countries and states. */
const CORNER = { row: 60, column: 250 };
const WEEKLY = [
  'abundance_median',
  'abundance_lower',
  'abundance_upper',
  'count_median',
  'occurrence_median',
  'proportion-population_median',
];
const SEASONS = [
  { season: 'breeding', pass: true, quality: 3, start_date: '2023-05-17', end_date: '2023-08-16' },
  { season: 'nonbreeding', pass: true, quality: 3, start_date: '2023-11-22', end_date: '2023-03-08' },
  {
    season: 'prebreeding_migration',
    pass: true,
    quality: 3,
    start_date: '2023-03-15',
    end_date: '2023-05-10',
  },
  {
    season: 'postbreeding_migration',
    pass: true,
    quality: 3,
    start_date: '2023-08-23',
    end_date: '2023-11-15',
  },
];

/** A smooth, deterministic surface: a value per pixel and band, 0 in a quarter of the cells. */
function value(pixel: number, band: number, bands: number): number {
  const wave = Math.sin((pixel % 997) / 97 + (band * 2 * Math.PI) / Math.max(bands, 1));
  return wave < -0.5 ? 0 : (wave + 0.5) * 0.8;
}

function writeRaster(file: string, width: number, height: number, bands: number, names: string[]) {
  writeTinyGeoTiff(file, {
    grid: 'eqearth',
    row0: CORNER.row,
    column0: CORNER.column,
    rows: height,
    columns: width,
    bands,
    value: (pixel, band) => value(pixel, band, bands),
    bandNames: names,
  });
}

/** Writes the folder under `root` and returns it; `cells` is rounded up to whole grid rows. */
export function writeSyntheticStatusFolder(root: string, cells: number): { folder: string; cells: number } {
  const width = Math.min(800, Math.ceil(Math.sqrt(cells * 2)));
  const height = Math.ceil(cells / width);
  const folder = join(root, 'synsp-example');
  for (const sub of ['weekly', 'seasonal']) mkdirSync(join(folder, sub), { recursive: true });
  const days = Array.from({ length: 52 }, (_, i) => 4 + 7 * i);
  writeFileSync(
    join(folder, 'config.json'),
    JSON.stringify({
      SRD_PRED_YEAR: [2023],
      SRD_PRED_DAYS: days,
      SPECIES_CODE: ['synsp-example'],
      IS_RESIDENT: [false],
      season_dates: SEASONS,
    }),
  );
  writeFileSync(
    join(folder, 'taxonomy.csv'),
    'species_code,common_name,scientific_name\nsynsp,Synthetic Continental Bird,Fictavis continentalis\n',
  );
  const dates = days.map((day) => new Date(Date.UTC(2023, 0, day)).toISOString().slice(0, 10));
  for (const product of WEEKLY)
    writeRaster(join(folder, 'weekly', `synsp-example_${product}_27km_2023.tif`), width, height, 52, dates);
  writeRaster(
    join(folder, 'seasonal', 'synsp-example_abundance_seasonal_mean_27km_2023.tif'),
    width,
    height,
    4,
    SEASONS.map((season) => season.season),
  );
  writeRaster(
    join(folder, 'seasonal', 'synsp-example_abundance_full-year_mean_27km_2023.tif'),
    width,
    height,
    1,
    ['full_year'],
  );
  return { folder, cells: width * height };
}
