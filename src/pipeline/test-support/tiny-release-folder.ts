import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeTinyGpkg } from './make-tiny-ebirdst';
import { type TinyGridFamily, tinyGeoTiffBytes } from './tiny-geotiff';

/**
 * Test fixtures in the file conventions of eBird S&T releases 2021 and 2022 (issue 15), as
 * measured on ebird/ebirdst_example-data: 2021 names products `_lr_` and `percent-population`,
 * its config has SRD_DATE_VEC and no SRD_PRED_DAYS nor season_dates, its centroids call the date
 * `week`, and it has no regional stats; 2022 names products `_27km_`, has band-seasons.csv
 * instead of seasonal band descriptions, 2022-column regional_stats.csv and pi_rangewide-ranks.csv.
 * Rasters are on the release's own sinusoidal grid, over Michigan.
 */

export type TinyRelease = 2021 | 2022;

/** A 2 × 3 window of the sinusoidal 27 km lattice around 45°N 85°W (row 187, column 500). */
export const RELEASE_WINDOW = { row0: 187, column0: 500, rows: 2, columns: 3 };

export const SEASONAL_BAND_ORDER = [
  'breeding',
  'nonbreeding',
  'prebreeding_migration',
  'postbreeding_migration',
];

export interface TinyReleaseOptions {
  /** Write weekly/band-dates.csv (the dates then come from it). @default true */
  bandDates?: boolean;
  /** Write the seasonal/ folder. @default true */
  seasonal?: boolean;
  /** Name the 2021 seasonal bands in their descriptions. @default true */
  seasonalBandNames?: boolean;
  /** @default 'sinusoidal' (the grid of releases 2021–2022) */
  grid?: TinyGridFamily;
}

/**
 * Value of a tiny raster: pixel 5 is NaN everywhere (not a cell), pixel 0 is 0 (predicted
 * absent); the others differ by product, pixel and band so a mixed-up band or file shows.
 */
export function releaseValue(product: number, pixel: number, band: number): number {
  if (pixel === 5) return NaN;
  if (pixel === 0) return 0;
  return product + pixel * 0.01 + band * 0.0001;
}

/** Product numbers of releaseValue. */
export const PRODUCT = { abundance: 1, population: 2, seasonalMean: 3, populationSeasonal: 4, fullYear: 5 };

/** SRD_DATE_VEC as release 2021 writes it: midpoints of seq(0, 1, length = 53), 4 digits. */
export function srdDateVec(): number[] {
  return Array.from({ length: 52 }, (_, i) => Math.round(((i + 0.5) / 52) * 1e4) / 1e4);
}

/** The 2021 band dates as the 2021 example's band-dates.csv has them (01-04 … 07-06 … 12-28). */
export function dates2021(): string[] {
  return srdDateVec().map((fraction) =>
    new Date(Date.UTC(2021, 0, Math.round(fraction * 366))).toISOString().slice(0, 10),
  );
}

function dates2022(): string[] {
  return Array.from({ length: 52 }, (_, i) =>
    new Date(Date.UTC(2022, 0, 4 + 7 * i)).toISOString().slice(0, 10),
  );
}

export function runName(release: TinyRelease): string {
  return `tiny${release}-example`;
}

/** Writes a status folder of `release` under `folder`; returns the week dates it used. */
export function makeTinyRelease(
  folder: string,
  release: TinyRelease,
  options: TinyReleaseOptions = {},
): string[] {
  const run = runName(release);
  const token = release === 2021 ? 'lr' : '27km';
  const population = release === 2021 ? 'percent-population' : 'proportion-population';
  const dates = release === 2021 ? dates2021() : dates2022();
  const grid = options.grid ?? 'sinusoidal';
  for (const sub of ['weekly', 'seasonal', 'ranges', 'pis'])
    mkdirSync(join(folder, sub), { recursive: true });
  const tif = (sub: string, product: string, bands: number, value: number, bandNames?: string[]) =>
    writeFileSync(
      join(folder, sub, `${run}_${product}_${token}_${release}.tif`),
      tinyGeoTiffBytes({
        grid,
        ...RELEASE_WINDOW,
        bands,
        value: (pixel, band) => releaseValue(value, pixel, band),
        ...(bandNames ? { bandNames } : {}),
      }),
    );

  const config: Record<string, unknown> = {
    SRD_PRED_YEAR: [release],
    SPECIES_CODE: [run],
    IS_RESIDENT: [false],
  };
  if (release === 2021) {
    config.SRD_DATE_VEC = srdDateVec();
    config.DATE_NAMES = dates.map((date) => date.slice(5));
  } else {
    config.SRD_PRED_DAYS = Array.from({ length: 52 }, (_, i) => 4 + 7 * i);
    config.season_dates = [
      { season: 'breeding', pass: true, quality: 3, start_date: '2022-05-17', end_date: '2022-08-16' },
      { season: 'nonbreeding', pass: true, quality: 2, start_date: '2022-11-22', end_date: '2022-03-08' },
      {
        season: 'prebreeding_migration',
        pass: true,
        quality: 3,
        start_date: '2022-03-15',
        end_date: '2022-05-10',
      },
      {
        season: 'postbreeding_migration',
        pass: true,
        quality: 1,
        start_date: '2022-08-23',
        end_date: '2022-11-15',
      },
    ];
  }
  writeFileSync(join(folder, 'config.json'), JSON.stringify(config));
  if (options.bandDates ?? true)
    writeFileSync(
      join(folder, 'weekly', 'band-dates.csv'),
      `band,date\n${dates.map((date, i) => `${i + 1},${date}`).join('\n')}\n`,
    );

  // 2022 weekly bands carry no date descriptions here; 2021 ones do, as the example's do.
  const weekNames = release === 2021 ? dates : undefined;
  tif('weekly', 'abundance_median', 52, PRODUCT.abundance, weekNames);
  tif('weekly', `${population}_median`, 52, PRODUCT.population, weekNames);

  if (options.seasonal ?? true) {
    // 2021 names the seasonal bands in their descriptions; 2022 in band-seasons.csv.
    const seasonNames =
      release === 2021 && (options.seasonalBandNames ?? true) ? SEASONAL_BAND_ORDER : undefined;
    tif('seasonal', 'abundance_seasonal_mean', 4, PRODUCT.seasonalMean, seasonNames);
    tif('seasonal', `${population}_seasonal_mean`, 4, PRODUCT.populationSeasonal, seasonNames);
    tif('seasonal', 'abundance_full-year_mean', 1, PRODUCT.fullYear, ['full_year']);
    if (release === 2021) {
      tif('seasonal', `${population}_full-year_mean`, 1, PRODUCT.fullYear, ['full_year']);
      tif('seasonal', `${population}_full-year_max`, 1, PRODUCT.fullYear + 1, ['full_year']);
    } else
      writeFileSync(
        join(folder, 'seasonal', 'band-seasons.csv'),
        `band,season\n${SEASONAL_BAND_ORDER.map((season, i) => `${i + 1},${season}`).join('\n')}\n`,
      );
  }

  const centroidDate = release === 2021 ? 'week' : 'date';
  writeFileSync(
    join(folder, 'weekly', `${run}_centroids.csv`),
    `species_code,${centroidDate},longitude,latitude,prev_dist_km\n${dates
      .map(
        (date, i) =>
          `tiny${release},${date},${(-85 + i * 0.1).toFixed(1)},${(40 + i * 0.2).toFixed(1)},${i * 3 + 1}`,
      )
      .join('\n')}\n`,
  );

  if (release === 2022) {
    writeFileSync(
      join(folder, 'regional_stats.csv'),
      [
        'species_code,region_type,region_code,region_name,region_area_km2,season,abundance_mean,total_pop_percent,range_percent_occupied,range_total_percent,range_days_occupation',
        `${run},country,USA,United States,9147593.5,breeding,0.125,0.75,0.25,0.5,98`,
        `${run},state,USA-MI,Michigan,250493.25,breeding,0.375,0.0625,0.875,0.03125,84`,
        `${run},state,USA-MI,Michigan,250493.25,nonbreeding,0.5,0.015625,0.125,0.0078125,NA`,
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(folder, 'pis', 'pi_rangewide-ranks.csv'),
      'predictor,rangewide_rank,rank\ngsw_c2_pland,12.5,3\nmcd12q1_lccs1_c14_pland,20.25,7\nelevation_250m_median,4.75,1\n',
    );
  }

  writeTinyGpkg(join(folder, 'ranges', `${run}_range_smooth_${token}_${release}.gpkg`), {
    code: `tiny${release}`,
    common: `Tiny ${release} Bird`,
    scientific: `Fictavis anno${release}`,
  });
  return dates;
}
