import { createHash } from 'node:crypto';
import { discoveryFiles } from '../discover';
import type { Discovery } from '../discover';
import { DATA_VERSION } from '../../catalog/data-version';
import { inputFingerprint } from '../input-fingerprint';
import type { ResolutionKm } from '../read/resolution-tokens';
import type { PartTask } from './part-task';

const NOTHING: Omit<Discovery, 'status' | 'trends'> = { ignored: [], notes: [] };

/**
 * The fingerprint of one part's inputs (input-fingerprint.ts): its files and, for status, the
 * resolution (trends have one). The all-species regional-stats parquet (ebirdst 4.2023) is shared
 * by every species of a release, so it counts by its own fingerprint, computed once per build and
 * kept in `shared` rather than hashed again for each species.
 */
export function partFingerprint(
  task: PartTask,
  resolutionKm: ResolutionKm,
  shared: Map<string, string>,
): string {
  if (task.kind === 'trends')
    return inputFingerprint(discoveryFiles({ ...NOTHING, status: [], trends: [task.input] }, resolutionKm), {
      part: 'trends',
    });
  const regionalStats = task.input.regionalStatsParquet;
  const files = discoveryFiles({ ...NOTHING, status: [task.input], trends: [] }, resolutionKm).filter(
    (file) => file.path !== regionalStats,
  );
  let regionalStatsPrint: string | null = null;
  if (regionalStats) {
    regionalStatsPrint =
      shared.get(regionalStats) ??
      inputFingerprint([{ key: 'shared/regional-stats', path: regionalStats }], {});
    shared.set(regionalStats, regionalStatsPrint);
  }
  return inputFingerprint(files, { part: 'status', resolutionKm, regionalStats: regionalStatsPrint });
}

/** The fingerprint of a split build's output: its parts' fingerprints in merge order. */
export function partsFingerprint(fingerprints: string[], resolutionKm: ResolutionKm): string {
  return createHash('sha256')
    .update(JSON.stringify({ version: DATA_VERSION, resolutionKm, parts: fingerprints }))
    .digest('hex');
}
