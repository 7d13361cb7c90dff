import { join, resolve } from 'node:path';
import type { BuildReport } from '../build-data';
import { reportOf, unchangedBuild } from '../finish-build';
import { PipelineError } from '../pipeline-error';
import { mergeParts } from './merge-parts';
import { partsFingerprint } from './part-fingerprint';
import { readPart } from './part-manifest';
import type { LocatedPart } from './part-manifest';
import { readShardListings } from './shard-listing';
import type { ListedPart, ShardListing } from './shard-listing';

export interface MergePartFoldersOptions {
  outDir: string;
  force: boolean;
  started: number;
  progress: (step: string, message: string) => void;
}

const RUN_THEM =
  'Run every shard with the same --ebirdst folders and --resolution, and pass all their --parts folders';

/** The listings of one build, one per shard 1…n, each checked to belong with the first. */
function shardsOfOneBuild(dirs: string[], listings: ShardListing[]): ShardListing[] {
  const [first] = listings;
  if (!first)
    throw new PipelineError(
      'parts_missing',
      dirs.join(', '),
      'holds no shard-<i>-of-<n>.json (what npm run data -- --shard i/n writes beside its parts)',
      RUN_THEM,
    );
  const other = listings.find(
    (listing) => listing.plan !== first.plan || listing.shard.count !== first.shard.count,
  );
  if (other)
    throw new PipelineError(
      'parts_missing',
      dirs.join(', '),
      `shard ${other.shard.index}/${other.shard.count} and shard ${first.shard.index}/${first.shard.count} are shards of different builds (other inputs, resolution or shard count)`,
      RUN_THEM,
    );
  const count = first.shard.count;
  const byIndex = new Map(listings.map((listing) => [listing.shard.index, listing]));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0)
    throw new PipelineError(
      'parts_missing',
      dirs.join(', '),
      `no listing of shard(s) ${missing.map((index) => `${index}/${count}`).join(', ')}: a shard failed or its folder was not passed`,
      RUN_THEM,
    );
  return [...byIndex.values()];
}

/** Each listed part's folder, in plan order; the first of `dirs` holding it wins. */
function locateParts(dirs: string[], listed: ListedPart[], total: number): LocatedPart[] {
  const byIndex = new Map(listed.map((part) => [part.index, part]));
  return Array.from({ length: total }, (_, index) => {
    const entry = byIndex.get(index);
    const part = entry && dirs.map((dir) => readPart(join(dir, entry.fingerprint))).find(Boolean);
    if (!part)
      throw new PipelineError(
        'parts_missing',
        dirs.join(', '),
        `part ${index + 1} of ${total} (${entry?.identity ?? 'listed by no shard'}) is in none of these folders`,
        RUN_THEM,
      );
    return part;
  });
}

/**
 * Merges the parts several `--shard i/n` runs wrote into `outDir`, reading no eBird input:
 * (1) the shard listings in `dirs` must be every shard of one build, (2) every part they list must
 * be in one of `dirs`, (3) `outDir` is kept when its build came from the same parts, (4) else the
 * parts are merged in plan order (merge-parts.ts), exactly as a one-machine split build would.
 */
export async function mergePartFolders(
  dirs: string[],
  options: MergePartFoldersOptions,
): Promise<BuildReport> {
  const folders = dirs.map((dir) => resolve(dir));
  const shards = shardsOfOneBuild(folders, folders.flatMap(readShardListings));
  const [first] = shards;
  for (const line of first.found) options.progress('found', line);
  const parts = locateParts(
    folders,
    shards.flatMap((shard) => shard.parts),
    first.total,
  );
  const fingerprint = partsFingerprint(
    parts.map((part) => part.manifest.fingerprint),
    first.resolutionKm,
  );
  const fields = {
    outDir: options.outDir,
    source: first.source,
    fingerprint,
    notes: first.notes,
    found: first.found,
  };
  const unchanged = options.force ? undefined : unchangedBuild(options.outDir, fingerprint, options.progress);
  if (unchanged)
    return reportOf(unchanged, { ...fields, skipped: true, durationMs: Date.now() - options.started });
  return mergeParts(parts, {
    ...fields,
    resolutionKm: first.resolutionKm,
    pageNotes: [],
    inputs: first.inputs,
    started: options.started,
    parts: {
      total: parts.length,
      built: 0,
      reused: parts.length,
      workers: 0,
      wallMs: 0,
      partMs: parts.reduce((sum, part) => sum + part.manifest.durationMs, 0),
      peakRssBytes: [],
    },
    progress: options.progress,
  });
}
