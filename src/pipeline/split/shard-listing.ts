import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildReport } from '../build-data';
import type { Discovery } from '../discover';
import type { ResolutionKm } from '../read/resolution-tokens';
import type { Shard } from './shard';

/** One part of the whole build as a shard lists it: where it comes in the merge, and which folder holds it. */
export interface ListedPart {
  /** Position in the build's part plan (planParts): the merge's order. */
  index: number;
  identity: string;
  fingerprint: string;
}

/**
 * What a `--shard i/n` run leaves beside its parts, `shard-<i>-of-<n>.json`: the parts it owns,
 * and what the merge needs of the whole build without reading its inputs.
 */
export interface ShardListing {
  shard: Shard;
  /** sha256 of every part's identity in plan order and the resolution: equal in all shards of one build. */
  plan: string;
  /** Parts in the whole build, every shard's. */
  total: number;
  resolutionKm: ResolutionKm;
  source: BuildReport['source'];
  parts: ListedPart[];
  found: string[];
  /** Discovery's notes (a folder given twice, …). */
  notes: string[];
  inputs: Discovery;
}

const LISTING_NAME = /^shard-(\d+)-of-(\d+)\.json$/;

/** Writes the listing into `partsDir` (whole or not at all: a temporary file renamed) and returns its path. */
export function writeShardListing(partsDir: string, listing: ShardListing): string {
  const file = join(partsDir, `shard-${listing.shard.index}-of-${listing.shard.count}.json`);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(listing, null, 1)}\n`);
  renameSync(temporary, file);
  return file;
}

/** Every shard listing in `folder`. */
export function readShardListings(folder: string): ShardListing[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => LISTING_NAME.test(name))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as ShardListing);
}
