import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Catalog, CatalogFile } from '../catalog/types';
import { loadBoundaries } from '../pipeline/boundaries/load-regions';
import { buildCatalog } from '../pipeline/tables/build-catalog';
import { Stage } from '../pipeline/tables/stage';
import { stageRegions } from '../pipeline/tables/stage-geography';
import { writeTables } from '../pipeline/tables/write-tables';
import { stageCellCodes, stageCellLattice, stageCells } from './scale-site-cells';
import {
  DEFAULT_SCALE_SITE,
  type ScaleSiteParams,
  type ScaleSpecies,
  scaleSiteHash,
  scaleSpecies,
} from './scale-site-params';
import { stageKeptRows, stageSpeciesRows, stageSpeciesTables } from './scale-site-rows';

/**
 * A simulated site at the scale of a real one (issue 16): `species` species whose ranges span a
 * continent, written in exactly the pipeline's layout by the pipeline's own writer: a native
 * DuckDB `Stage` filled by SQL (scale-site-rows.ts, scale-site-cells.ts), then `writeTables` and
 * `buildCatalog`. Built into `<cacheRoot>/<hash of the parameters>/` through a temporary sibling
 * (a failed or stopped build never leaves a folder that looks finished) and reused when present.
 */
export interface ScaleSiteOptions extends Partial<ScaleSiteParams> {
  /** @default '.cache/scale-site' */
  cacheRoot?: string;
  /** Progress lines while building (species done, rows, elapsed). */
  onProgress?: (line: string) => void;
}

export interface ScaleSite {
  dir: string;
  params: ScaleSiteParams;
  /** True when the cached folder was used and nothing was built. */
  reused: boolean;
  species: { code: string; commonName: string; cells: number }[];
  /** Cells of the shared `cells` table (the union of all ranges). */
  cells: number;
  weeklyRows: number;
  /** Bytes of every file catalog.json lists, plus catalog.json. */
  bytes: number;
  /** How the cached site was built (also when reused). */
  build: { ms: number; peakRssMb: number; builtAt: string };
}

/**
 * Measured on the quick site (12 species, 2,000–15,000 cells: 127 MB): 25.2 bytes a weekly row,
 * 38.7 a seasonal row, 44 a cell (its footprint GeoJSON); only to check free disk space first.
 */
const ESTIMATE = { weeklyRow: 26, seasonalRow: 40, cell: 45 };
/** Room for the parquet, DuckDB's spill files and the temporary folder of a rebuild. */
const DISK_FACTOR = 3;
/** Species staged and written per batch: about this many cells, i.e. ≤ 5.2 M weekly rows (plus one species). */
const BATCH_CELLS = 100_000;
/**
 * The Stage caps DuckDB at 768 MB for the real build's memory goal; staging one batch here is
 * ~1 GB of rows, and spilling it costs more time than the bench's memory is worth.
 */
const STAGE_MEMORY = '3GB';
const MANIFEST = 'scale-site.json';

export async function buildScaleSite(options: ScaleSiteOptions = {}): Promise<ScaleSite> {
  const params: ScaleSiteParams = {
    species: options.species ?? DEFAULT_SCALE_SITE.species,
    minCells: options.minCells ?? DEFAULT_SCALE_SITE.minCells,
    maxCells: options.maxCells ?? DEFAULT_SCALE_SITE.maxCells,
    seed: options.seed ?? DEFAULT_SCALE_SITE.seed,
  };
  const progress = options.onProgress ?? (() => {});
  const dir = resolve(options.cacheRoot ?? '.cache/scale-site', scaleSiteHash(params));
  if (existsSync(join(dir, MANIFEST)) && existsSync(join(dir, 'catalog.json'))) {
    const site = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as ScaleSite;
    progress(`reusing the scale site in ${dir} (built ${site.build.builtAt}; delete the folder to rebuild)`);
    return { ...site, dir, reused: true };
  }
  const species = scaleSpecies(params);
  checkDiskSpace(dir, estimateBytes(species));
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  try {
    const site = await writeSite(building, params, species, progress);
    writeFileSync(join(building, MANIFEST), `${JSON.stringify(site, null, 1)}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
    return { ...site, dir };
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
}

async function writeSite(
  root: string,
  params: ScaleSiteParams,
  species: ScaleSpecies[],
  progress: (line: string) => void,
): Promise<ScaleSite> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const stage = await Stage.open();
  try {
    await stage.connection.run(`SET memory_limit = '${STAGE_MEMORY}'`);
    const boundaries = loadBoundaries();
    // Regions go into the stage with the pipeline's own function, then wait in a temp table with
    // the cells: every batch's writeTables rewrites the unpartitioned tables, so the big ones
    // are staged only for the last write.
    await stageRegions(stage, boundaries);
    await stage.connection.run('CREATE TEMP TABLE sim_regions AS SELECT * FROM regions');
    await stage.connection.run('DELETE FROM regions');
    await stageSpeciesTables(stage, species);
    const cells = await stageCellLattice(stage, boundaries);
    progress(`scale site: ${species.length} species over ${cells.toLocaleString('en')} cells (${elapsed()})`);

    const files: Record<string, CatalogFile[]> = {};
    const partitioned: Record<string, CatalogFile[]> = { weekly: [], seasonal: [], weekly_regions: [] };
    // weekly_regions groups each batch's weekly rows by their cells' codes and areas (writeTables
    // derives it): the cells go in without footprints until the last write, which has them whole.
    await stageCellCodes(stage);
    let weeklyRows = 0;
    let done = 0;
    for (const batch of batches(species)) {
      weeklyRows += await stageSpeciesRows(
        stage,
        batch.map((s) => s.code),
      );
      const last = done + batch.length === species.length;
      if (last) {
        await stage.connection.run('DELETE FROM cells');
        await stageCells(stage);
        await stage.connection.run('INSERT INTO regions SELECT * FROM sim_regions');
        await stageKeptRows(stage);
      }
      const written = await writeTables(stage, root, () => {});
      for (const [table, list] of Object.entries(written)) {
        if (table in partitioned) partitioned[table].push(...list);
        else files[table] = list;
      }
      done += batch.length;
      progress(
        `scale site: ${done}/${species.length} species, ${weeklyRows.toLocaleString('en')} weekly rows, ${elapsed()}, rss ${rssMb()} MB`,
      );
    }
    Object.assign(files, partitioned);
    progress(`scale site: profiling columns for catalog.json (${elapsed()})`);
    const catalog: Catalog = await buildCatalog(stage, {
      root,
      files,
      releases: [2023],
      simulated: true,
      exampleOnly: false,
      boundarySources: boundaries.sources,
      failedSeasons: [],
      builtAt: new Date().toISOString(),
      notes: [
        `Scale site for npm run bench -- --only scale: ${species.length} SIMULATED species of ${params.minCells}–${params.maxCells} cells (seed ${params.seed}).`,
      ],
    });
    const catalogText = `${JSON.stringify(catalog, null, 1)}\n`;
    writeFileSync(join(root, 'catalog.json'), catalogText);
    const bytes =
      Object.values(catalog.tables).reduce(
        (sum, table) => sum + table.files.reduce((tableSum, file) => tableSum + file.bytes, 0),
        0,
      ) + Buffer.byteLength(catalogText);
    const ms = performance.now() - started;
    progress(`scale site: built in ${(ms / 1000).toFixed(1)} s, ${bytes.toLocaleString('en')} bytes`);
    return {
      dir: root,
      params,
      reused: false,
      species: species.map((s) => ({ code: s.code, commonName: s.commonName, cells: s.cells })),
      cells,
      weeklyRows,
      bytes,
      build: { ms, peakRssMb: process.resourceUsage().maxRSS / 1024, builtAt: catalog.built_at },
    };
  } finally {
    stage.close();
  }
}

/** Species in code order, cut into batches of about BATCH_CELLS cells. */
function* batches(species: ScaleSpecies[]): Generator<ScaleSpecies[]> {
  let batch: ScaleSpecies[] = [];
  let cells = 0;
  for (const item of species) {
    batch.push(item);
    cells += item.cells;
    if (cells >= BATCH_CELLS) {
      yield batch;
      batch = [];
      cells = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

export function estimateBytes(species: readonly ScaleSpecies[]): number {
  const cells = species.reduce((sum, s) => sum + s.cells, 0);
  const largest = Math.max(...species.map((s) => s.cells));
  // The union of the ranges is at least the largest range and at most the grid's 788,568 cells.
  const union = Math.min(788_568, Math.max(largest, cells / 4));
  return cells * (52 * ESTIMATE.weeklyRow + 5 * ESTIMATE.seasonalRow) + union * ESTIMATE.cell;
}

/** Refuses (throws) when the disk holding `dir` has less than DISK_FACTOR × the estimated size free. */
function checkDiskSpace(dir: string, estimated: number): void {
  let existing = dir;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  const disk = statfsSync(existing);
  const free = disk.bavail * disk.bsize;
  if (free < DISK_FACTOR * estimated)
    throw new Error(
      `scale_site_disk: the scale site needs about ${gb(estimated)} (and ${DISK_FACTOR}× that free while building), but ${existing} has ${gb(free)} free. Free disk space, or build fewer species (--species <n>, --quick)`,
    );
}

function gb(bytes: number): string {
  return `${(bytes / 1e9).toFixed(1)} GB`;
}

function rssMb(): string {
  return (process.memoryUsage.rss() / 1_048_576).toFixed(0);
}
