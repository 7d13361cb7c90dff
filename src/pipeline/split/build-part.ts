import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBoundaries } from '../boundaries/load-regions';
import type { Boundaries } from '../boundaries/load-regions';
import type { StatusInput, TrendsInput } from '../discover';
import { assignPointRegions } from '../geo/assign-cell-regions';
import { readStatusFolder } from '../read/read-status-folder';
import type { ResolutionKm } from '../read/resolution-tokens';
import { stageTrendsFolder } from '../read/stage-trends-folder';
import { temporarySibling } from '../replace-folder';
import { ReleaseKeys } from '../tables/release-keys';
import { Stage } from '../tables/stage';
import { CellRegistry } from '../tables/stage-geography';
import { writeTables } from '../tables/write-tables';
import { PART_MANIFEST, readPart } from './part-manifest';
import type { PartManifest, StagedPart, StatusPart, TrendsPart } from './part-manifest';
import type { PartJob } from './part-protocol';

// Read once per worker process, which builds part after part: loading took 0.3–0.4 s each time.
let workerBoundaries: Boundaries | undefined;

/** What build-data's stageInputs does for one status folder, alone in its stage. */
async function stageStatus(
  stage: Stage,
  boundaries: Boundaries,
  input: StatusInput,
  resolutionKm: ResolutionKm,
): Promise<StagedPart<StatusPart>> {
  const registry = new CellRegistry(boundaries);
  const keys = new ReleaseKeys(stage);
  const status = await readStatusFolder(
    input.folder,
    registry,
    {
      admit: (species) => keys.admit(species),
      append: (table, rows, release) => stage.append(table, rows, release),
    },
    {
      resolutionKm,
      ...(input.regionalStatsParquet ? { regionalStatsParquet: input.regionalStatsParquet } : {}),
    },
  );
  if ('duplicate' in status)
    throw new Error(`Perch bug: a part of one folder met a duplicate: ${status.duplicate}`);
  await stage.append('weeks', status.weeks);
  await registry.stage(stage);
  await stage.append('species', [{ ...status.species, species_code: status.entry.key }]);
  return {
    kind: 'status',
    input,
    taxon: status.entry.taxon,
    release: status.release,
    runName: status.runName,
    key: status.entry.key,
    gridKey: registry.grids.grids[0]!.grid.key,
    failedSeasons: status.seasons
      .filter((season) => !season.passed_review)
      .map((season) => String(season.season)),
    notes: status.notes,
  };
}

/** One trends model under the run names of its files (no status species to file it under yet). */
async function stageTrends(
  stage: Stage,
  boundaries: Boundaries,
  input: TrendsInput,
): Promise<StagedPart<TrendsPart>> {
  await stageTrendsFolder(
    stage,
    input,
    () => undefined,
    (lon, lat) => assignPointRegions(lon, lat, boundaries.countries, boundaries.states),
  );
  return { kind: 'trends', input };
}

/**
 * Builds one part into `<partsDir>/<fingerprint>/`: stages its input alone, writes every table as
 * writeTables does, then part.json, in a hidden temporary folder renamed into place only when
 * complete — so a killed build leaves a `.…building-<pid>-…` folder, never one that looks done.
 */
export async function buildPart(job: PartJob): Promise<PartManifest> {
  const started = Date.now();
  const folder = join(job.partsDir, job.fingerprint);
  const building = temporarySibling(folder, 'building');
  mkdirSync(building, { recursive: true });
  const stage = await Stage.open();
  try {
    workerBoundaries ??= loadBoundaries();
    const boundaries = workerBoundaries;
    const staged =
      job.task.kind === 'status'
        ? await stageStatus(stage, boundaries, job.task.input, job.resolutionKm)
        : await stageTrends(stage, boundaries, job.task.input);
    const files = await writeTables(stage, building, () => {});
    const manifest: PartManifest = {
      ...staged,
      identity: job.task.identity,
      fingerprint: job.fingerprint,
      files,
      presence: stage.presence.entries(),
      durationMs: Date.now() - started,
    };
    writeFileSync(join(building, PART_MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
    // Another build may have finished the same part meanwhile: its copy is as good as this one.
    const done = readPart(folder);
    if (done) {
      rmSync(building, { recursive: true, force: true });
      return done.manifest;
    }
    // A folder without part.json (a part someone half deleted) is no part: replaced.
    rmSync(folder, { recursive: true, force: true });
    renameSync(building, folder);
    return manifest;
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  } finally {
    stage.close();
  }
}
