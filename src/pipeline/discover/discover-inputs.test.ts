import { mkdirSync, mkdtempSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResolution } from './check-resolution';
import { describeDiscovery } from './describe-discovery';
import { discoverInputs } from './discover-inputs';

// Discovery only lists and stats files, so these fixtures are empty or sparse files with eBird's names.
function file(path: string, bytes = 0): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '');
  if (bytes > 0) truncateSync(path, bytes);
  return path;
}

function statusFolder(folder: string, run: string, release: number, config: object = {}): string {
  file(join(folder, 'config.json'));
  writeFileSync(
    join(folder, 'config.json'),
    JSON.stringify({ SPECIES_CODE: [run], SRD_PRED_YEAR: [release], ...config }),
  );
  file(join(folder, 'weekly', `${run}_abundance_median_27km_${release}.tif`));
  return folder;
}

function trendsFiles(folder: string, run: string, release: number, season = 'breeding'): string {
  file(join(folder, `${run}_${season}_ebird-trends_${release}.parquet`));
  file(join(folder, `${run}_${season}_ebird-trends_folds_${release}.parquet`));
  file(join(folder, `${run}_${season}_ebird-trends_model-summary.csv`));
  return folder;
}

const root = () => mkdtempSync(join(tmpdir(), 'perch-discover-'));

/** ebirdst 4.2023's data dir: status 2023 of two species, trends 2022 of one, the all-species regional stats. */
function dataDir4(): string {
  const dir = root();
  statusFolder(join(dir, '2023', 'aaa-example'), 'aaa-example', 2023);
  statusFolder(join(dir, '2023', 'bbb-example'), 'bbb-example', 2023);
  file(join(dir, '2023', 'regional-stats_2023.parquet'));
  trendsFiles(join(dir, '2022', 'aaa-example', 'trends'), 'aaa-example', 2022);
  return dir;
}

describe('discoverInputs', () => {
  it('an ebirdst 4.2023 data dir gives its status inputs, the regional-stats parquet and the trends in <year>/<species>/trends', () => {
    const dir = dataDir4();
    const found = discoverInputs([dir]);
    expect(found.status).toEqual(
      ['aaa-example', 'bbb-example'].map((run) => ({
        folder: join(dir, '2023', run),
        runName: run,
        release: 2023,
        releaseFrom: 'file names',
        resolutions: [27],
        regionalStatsParquet: join(dir, '2023', 'regional-stats_2023.parquet'),
      })),
    );
    const trends = join(dir, '2022', 'aaa-example', 'trends');
    expect(found.trends).toEqual([
      {
        runName: 'aaa-example',
        season: 'breeding',
        release: 2022,
        trends: join(trends, 'aaa-example_breeding_ebird-trends_2022.parquet'),
        folds: join(trends, 'aaa-example_breeding_ebird-trends_folds_2022.parquet'),
        summary: join(trends, 'aaa-example_breeding_ebird-trends_model-summary.csv'),
      },
    ]);
    expect(found.notes).toEqual([]);
  });

  it('a year folder and a species folder of the data dir give the same status inputs', () => {
    const dir = dataDir4();
    const all = discoverInputs([dir]).status;
    expect(discoverInputs([join(dir, '2023')]).status).toEqual(all);
    expect(discoverInputs([join(dir, '2023', 'bbb-example')]).status).toEqual([all[1]]);
  });

  it('ebirdst 3.2022 trends/ inside the status folder are found beside its status', () => {
    const dir = root();
    const species = statusFolder(join(dir, '2022', 'aaa-example'), 'aaa-example', 2022);
    trendsFiles(join(species, 'trends'), 'aaa-example', 2022);
    for (const path of [dir, species]) {
      const found = discoverInputs([path]);
      expect(found.status.map((input) => [input.folder, input.release])).toEqual([[species, 2022]]);
      expect(found.trends.map((input) => input.trends)).toEqual([
        join(species, 'trends', 'aaa-example_breeding_ebird-trends_2022.parquet'),
      ]);
    }
  });

  it('a folder of release folders (status and trends side by side) is searched one level down', () => {
    const dir = root();
    statusFolder(join(dir, '2023-aaa-example'), 'aaa-example', 2023);
    trendsFiles(join(dir, '2022-aaa-example-trends'), 'aaa-example', 2022);
    file(join(dir, 'README.txt'));
    const found = discoverInputs([dir]);
    expect(found.status.map((input) => input.runName)).toEqual(['aaa-example']);
    expect(found.trends.map((input) => input.release)).toEqual([2022]);
    expect(found.ignored).toEqual([
      { path: join(dir, 'README.txt'), reason: 'a file beside the species or year folders, not a product' },
    ]);
  });

  it('a trends folder with two seasons gives one input per season', () => {
    const dir = root();
    trendsFiles(dir, 'aaa-example', 2022, 'breeding');
    trendsFiles(dir, 'aaa-example', 2022, 'postbreeding_migration');
    expect(discoverInputs([dir]).trends.map((input) => [input.runName, input.season])).toEqual([
      ['aaa-example', 'breeding'],
      ['aaa-example', 'postbreeding_migration'],
    ]);
  });

  it('the same folder given twice, by a link, or inside another given folder is taken once with a note', () => {
    const dir = dataDir4();
    const link = join(root(), 'link');
    symlinkSync(dir, link);
    const species = join(dir, '2023', 'aaa-example');
    const found = discoverInputs([dir, dir, link, species]);
    expect(found.status.map((input) => input.folder)).toEqual([species, join(dir, '2023', 'bbb-example')]);
    expect(found.trends).toHaveLength(1);
    expect(found.notes).toEqual([
      `${dir} is the same folder as ${dir}: taken once`,
      `${link} is the same folder as ${dir}: taken once`,
      `${species} is inside ${dir}, also given: its inputs are taken once`,
    ]);
  });

  it('a copy of a species-release in another folder is taken once with a note', () => {
    const first = statusFolder(join(root(), 'aaa-example'), 'aaa-example', 2023);
    const copy = statusFolder(join(root(), 'aaa-example'), 'aaa-example', 2023);
    const found = discoverInputs([first, copy]);
    expect(found.status.map((input) => input.folder)).toEqual([first]);
    expect(found.notes).toEqual([
      `${copy} holds aaa-example release 2023 again (first found in ${first}): taken once`,
    ]);
  });

  it('nothing found is unknown_layout naming the folder and what was looked for; the search depth is bounded', () => {
    const dir = root();
    statusFolder(join(dir, 'nested', 'deeper'), 'aaa-example', 2023);
    statusFolder(join(dir, 'other', '2023', 'aaa-example'), 'aaa-example', 2023);
    expect(() => discoverInputs([dir])).toThrow(
      new RegExp(
        `^unknown_layout: ${dir}: has neither config\\.json \\(status release\\) nor \\*_ebird-trends_<year>\\.parquet \\(trends release\\), here, in trends/, in its folders, or in <year>/<species>/ and <year>/<species>/trends/ below it\\. Pass eBird S&T downloads`,
      ),
    );
  });

  it('a missing path is input_not_found', () => {
    expect(() => discoverInputs([join(root(), 'nope')])).toThrow(/^input_not_found: .*nope: is not a folder/);
  });

  it('product rasters without config.json fail naming the missing file and the fix', () => {
    const species = join(root(), '2023', 'aaa-example');
    file(join(species, 'weekly', 'aaa-example_abundance_median_27km_2023.tif'));
    expect(() => discoverInputs([join(species, '..')])).toThrow(
      `input_not_found: ${join(species, 'config.json')}: is missing: the folder holds 1 eBird S&T product file(s) (weekly/aaa-example_abundance_median_27km_2023.tif, …) but no config.json beside them. Download the species again (ebirdst_download_status() writes config.json), or copy in the config.json of the same species and release`,
    );
  });

  it('release 2021 names (_lr_, _mr_) give the resolutions and the release when config.json has no year', () => {
    const species = join(root(), '2021', 'aaa-example');
    file(join(species, 'config.json'));
    writeFileSync(join(species, 'config.json'), '{"RUN_NAME": "aaa-example-ERD2021"}');
    file(join(species, 'weekly', 'aaa-example_abundance_median_lr_2021.tif'));
    file(join(species, 'seasonal', 'aaa-example_abundance_seasonal_mean_mr_2021.tif'));
    file(join(species, 'ranges', 'aaa-example_range_smooth_lr_2021.gpkg'));
    expect(discoverInputs([species]).status).toEqual([
      {
        folder: species,
        runName: 'aaa-example',
        release: 2021,
        releaseFrom: 'file names',
        resolutions: [27, 9],
      },
    ]);
  });

  it('a config.json alone takes its release from the <year> parent folder', () => {
    const species = join(root(), '2021', 'aaa-example');
    file(join(species, 'config.json'));
    expect(discoverInputs([species]).status[0]).toMatchObject({ release: 2021, releaseFrom: 'folder name' });
  });
});

describe('checkResolution', () => {
  it('a resolution the folder lacks is resolution_unavailable naming the folder and what it has', () => {
    const species = statusFolder(join(root(), 'aaa-example'), 'aaa-example', 2023);
    const found = discoverInputs([species]);
    expect(() => checkResolution(found, 27)).not.toThrow();
    expect(() => checkResolution(found, 9)).toThrow(
      `resolution_unavailable: ${species}: has no 9 km products (it has 27 km). Pass --resolution 27, or download the 9 km products of aaa-example 2023 into it`,
    );
  });
});

describe('describeDiscovery', () => {
  it('says one line per species-release and what the chosen resolution costs beside the others', () => {
    const dir = dataDir4();
    const species = join(dir, '2023', 'aaa-example');
    const sizes27 = [1_500_000, 1_500_000, 1_100_000];
    file(join(species, 'weekly', 'aaa-example_abundance_median_27km_2023.tif'), sizes27[0]);
    file(join(species, 'weekly', 'aaa-example_count_median_27km_2023.tif'), sizes27[1]);
    file(join(species, 'seasonal', 'aaa-example_abundance_seasonal_mean_27km_2023.tif'), sizes27[2]);
    file(join(species, 'ranges', 'aaa-example_range_smooth_27km_2023.gpkg'), 5_000_000);
    file(join(species, 'regional_stats.csv'));
    const size9 = 37_000_000;
    file(join(species, 'weekly', 'aaa-example_abundance_median_9km_2023.tif'), size9);
    const total27 = sizes27.reduce((sum, bytes) => sum + bytes, 0);
    expect(describeDiscovery(discoverInputs([dir]), 27)).toEqual([
      'aaa-example · release 2023 · 27 km · weekly (2 products), seasonal, ranges, regional stats · trends 2022 (breeding)',
      'bbb-example · release 2023 · 27 km · weekly (1 product), regional stats (regional-stats_2023.parquet)',
      `27 km: ${(total27 / 1e6).toFixed(1)} MB of rasters; 9 km also present: ${size9 / 1e6} MB (about ${(27 / 9) ** 2}× the cells)`,
    ]);
    expect(describeDiscovery(discoverInputs([dir]), 9)).toEqual([
      'aaa-example · release 2023 · 9 km · weekly (1 product), regional stats · trends 2022 (breeding)',
      'bbb-example · release 2023 · 9 km · no 9 km products (has 27 km)',
      `9 km: ${size9 / 1e6} MB of rasters; 27 km also present: ${(total27 / 1e6).toFixed(1)} MB (about 1/${(27 / 9) ** 2} the cells)`,
    ]);
  });

  it('trends with no status folder get their own line', () => {
    const dir = trendsFiles(root(), 'aaa-example', 2022);
    expect(describeDiscovery(discoverInputs([dir]), 27)).toEqual([
      'aaa-example · trends 2022 (breeding) (no status folder)',
    ]);
  });
});
