import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { DEFAULT_PARTS_DIR } from '../build-data';
import type { BuildOptions } from '../build-data';
import { checkResolution, describeDiscovery, discoverInputs } from '../discover';
import { DEFAULT_RESOLUTION_KM } from '../read/resolution-tokens';
import { ensureParts } from './ensure-parts';
import type { PartsSummary } from './ensure-parts';
import { partFingerprint } from './part-fingerprint';
import { planParts } from './part-task';
import { shardOf } from './shard';
import type { Shard } from './shard';
import { writeShardListing } from './shard-listing';

export interface ShardOptions
  extends Pick<BuildOptions, 'resolutionKm' | 'partsDir' | 'jobs' | 'onProgress'> {
  /** The eBird S&T folders of the whole build: every shard is given the same. */
  ebirdst: string[];
  shard: Shard;
}

export interface ShardReport {
  shard: Shard;
  partsDir: string;
  /** The shard listing written beside the parts (shard-listing.ts). */
  listing: string;
  /** Parts of the whole build, every shard's. */
  total: number;
  parts: PartsSummary;
  found: string[];
  notes: string[];
  durationMs: number;
}

/**
 * One shard of a split build, for one CI runner: (1) discover all the inputs, (2) plan every part
 * and keep those whose identity hashes to this shard (shardOf), (3) reuse or build them
 * (ensure-parts.ts; a failure stops here, with no listing), (4) write `shard-<i>-of-<n>.json`.
 * Nothing is merged: `npm run data -- --merge-parts <folders>` does that with every shard's folder.
 */
export async function buildShard(options: ShardOptions): Promise<ShardReport> {
  const started = Date.now();
  const progress = (step: string, message: string) =>
    options.onProgress?.({ type: 'build-progress', step, message });
  const resolutionKm = options.resolutionKm ?? DEFAULT_RESOLUTION_KM;
  const partsDir = resolve(options.partsDir ?? DEFAULT_PARTS_DIR);
  const discovery = discoverInputs(options.ebirdst);
  const found = describeDiscovery(discovery, resolutionKm);
  for (const line of found) progress('found', line);
  checkResolution(discovery, resolutionKm);
  const plan = planParts(discovery);
  const shared = new Map<string, string>();
  const mine = plan.flatMap((task, index) =>
    shardOf(task.identity, options.shard.count) === options.shard.index
      ? [{ index, task, fingerprint: partFingerprint(task, resolutionKm, shared) }]
      : [],
  );
  progress(
    'shard',
    `shard ${options.shard.index}/${options.shard.count}: ${mine.length} of ${plan.length} parts`,
  );
  const { summary } = await ensureParts(mine, {
    partsDir,
    jobs: options.jobs ?? 1,
    resolutionKm,
    started,
    afterFailure: 'this shard wrote no listing and its parts cannot be merged yet',
    progress,
  });
  const listing = writeShardListing(partsDir, {
    shard: options.shard,
    plan: createHash('sha256')
      .update(JSON.stringify({ resolutionKm, parts: plan.map((task) => task.identity) }))
      .digest('hex'),
    total: plan.length,
    resolutionKm,
    source: 'ebirdst',
    parts: mine.map(({ index, task, fingerprint }) => ({ index, identity: task.identity, fingerprint })),
    found,
    notes: discovery.notes,
    inputs: discovery,
  });
  progress('shard', `wrote ${listing}`);
  return {
    shard: options.shard,
    partsDir,
    listing,
    total: plan.length,
    parts: summary,
    found,
    notes: discovery.notes,
    durationMs: Date.now() - started,
  };
}
