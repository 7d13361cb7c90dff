import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadBoundaries } from './boundaries/load-regions';
import { checkResolution, describeDiscovery, discoveryFiles } from './discover';
import type { Discovery } from './discover';
import type { DownloadOptions } from './download-example';
import { finishBuild, reportOf, unchangedBuild } from './finish-build';
import { assignPointRegions } from './geo/assign-cell-regions';
import { inputFingerprint } from './input-fingerprint';
import { readStatusFolder } from './read/read-status-folder';
import type { StagedStatus } from './read/read-status-folder';
import { DEFAULT_RESOLUTION_KM } from './read/resolution-tokens';
import type { ResolutionKm } from './read/resolution-tokens';
import { stageTrendsFolder } from './read/stage-trends-folder';
import { temporarySibling } from './replace-folder';
import { resolveInputs } from './resolve-inputs';
import { simulateSpecies } from './simulate/simulate-species';
import type { SimulateOptions } from './simulate/simulate-species';
import { buildInParts } from './split/build-in-parts';
import { mergePartFolders } from './split/merge-part-folders';
import type { PartsSummary } from './split/ensure-parts';
import { stageCellGeography } from './stage-cell-geography';
import { ReleaseKeys } from './tables/release-keys';
import { Stage } from './tables/stage';
import type { Row } from './tables/stage';
import { CellRegistry, stageRegions } from './tables/stage-geography';
import { writeTables } from './tables/write-tables';

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
  /**
   * Rebuild even when the inputs match the previous build. A split build still reuses the parts
   * whose inputs are unchanged (delete the parts folder to rebuild those). @default false
   */
  force?: boolean;
  /**
   * Species inputs built at once, each into its own part by a worker process, then merged
   * (src/pipeline/split). 1 is the one-process build, as is any build of one status folder or of
   * the simulated demo. `npm run data` defaults to the number of cores. @default 1
   */
  jobs?: number;
  /** Where a split build keeps its parts, one folder per species input, named by its inputs' fingerprint. @default '.cache/build-parts' */
  partsDir?: string;
  /** Merge the parts that `--shard` runs wrote into these folders, instead of reading inputs. */
  mergeParts?: string[];
  /**
   * Keep the results of the offline reader's first queries beside the catalog
   * (prebuild-results.ts; 3–10 s of a build here). Tests of the tables alone leave it out; a split
   * build always keeps them. @default true
   */
  prebuild?: boolean;
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
  /** What a split build built and reused (absent for a one-process build). */
  parts?: PartsSummary;
}

export const DEFAULT_PARTS_DIR = '.cache/build-parts';

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
 * example, or the simulated demo. Steps: (0) with `mergeParts`, merge the parts that `--shard`
 * runs built instead (split/merge-part-folders.ts); (1) resolve inputs; (2) with `jobs` > 1 and
 * several status folders, build each species input in a worker process and merge the parts
 * (split/build-in-parts.ts); else (3) skip when the inputs' fingerprint matches the previous
 * build, (4) stage everything in native DuckDB, (5) write parquet and the profiled catalog into a
 * temporary sibling folder, (6) swap it in. A failure at any step leaves the previous `outDir`
 * untouched and removes the temporary folder.
 */
export async function buildData(options: BuildOptions): Promise<BuildReport> {
  const started = Date.now();
  const outDir = resolve(options.outDir);
  const notes: string[] = [];
  const progress = (step: string, message: string) =>
    options.onProgress?.({ type: 'build-progress', step, message });
  if (options.mergeParts)
    return mergePartFolders(options.mergeParts, { outDir, force: options.force ?? false, started, progress });
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
  // One species has nothing to spread: the example (one status folder, one trends model) took
  // 5.5 s in one process and 8.4 s split over 2 workers (a worker starts in 1.3 s, then the merge
  // stages and writes every table again).
  if (inputs.discovery && (options.jobs ?? 1) > 1 && inputs.discovery.status.length > 1)
    return buildInParts(inputs.discovery, {
      outDir,
      partsDir: resolve(options.partsDir ?? DEFAULT_PARTS_DIR),
      jobs: options.jobs ?? 1,
      resolutionKm,
      force: options.force ?? false,
      source: inputs.source,
      pageNotes: inputs.pageNotes,
      found,
      notes,
      started,
      progress,
    });
  const fingerprint = inputFingerprint(
    inputs.discovery ? discoveryFiles(inputs.discovery, resolutionKm) : [],
    {
      simulate: inputs.simulate ?? null,
      resolutionKm,
      pageNotes: inputs.pageNotes,
      // A build without the prebuilt results is not kept for one that wants them.
      prebuild: options.prebuild ?? true,
    },
  );
  const fields = { outDir, source: inputs.source, fingerprint, notes, found };
  const unchanged = options.force ? undefined : unchangedBuild(outDir, fingerprint, progress);
  if (unchanged) return reportOf(unchanged, { ...fields, skipped: true, durationMs: Date.now() - started });

  mkdirSync(dirname(outDir), { recursive: true });
  const building = temporarySibling(outDir, 'building');
  mkdirSync(building, { recursive: true });
  const stage = await Stage.open();
  try {
    const staged = await stageInputs(stage, inputs.discovery, resolutionKm, inputs.simulate, progress, notes);
    const files = await writeTables(stage, building, (table) => progress('write', `writing ${table}`));
    const catalog = await finishBuild(
      stage,
      {
        outDir,
        building,
        files,
        releases: [...staged.releases].sort(),
        simulated: inputs.simulate !== undefined,
        exampleOnly: staged.exampleOnly,
        boundarySources: staged.boundaries.sources,
        failedSeasons: staged.failedSeasons,
        pageNotes: inputs.pageNotes,
        fingerprint,
        resolutionKm,
        found,
        inputs: inputs.discovery ?? null,
        prebuild: options.prebuild ?? true,
      },
      progress,
    );
    return reportOf(catalog, { ...fields, skipped: false, durationMs: Date.now() - started });
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  } finally {
    stage.close();
  }
}
