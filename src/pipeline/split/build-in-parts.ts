import type { BuildReport } from '../build-data';
import type { Discovery } from '../discover';
import { reportOf, unchangedBuild } from '../finish-build';
import type { ResolutionKm } from '../read/resolution-tokens';
import { ensureParts } from './ensure-parts';
import { mergeParts } from './merge-parts';
import { partFingerprint, partsFingerprint } from './part-fingerprint';
import { planParts } from './part-task';

export interface BuildInPartsOptions {
  outDir: string;
  partsDir: string;
  jobs: number;
  resolutionKm: ResolutionKm;
  force: boolean;
  source: 'ebirdst' | 'download';
  pageNotes: string[];
  found: string[];
  notes: string[];
  started: number;
  progress: (step: string, message: string) => void;
}

/**
 * A split build on this machine: (1) plan a part per status folder and trends model and
 * fingerprint each part's inputs, (2) keep `outDir` when its build came from the same parts,
 * (3) reuse the parts already built and build the others, one worker process per job
 * (ensure-parts.ts; any failure stops here, before the merge), (4) merge them into `outDir`.
 */
export async function buildInParts(discovery: Discovery, options: BuildInPartsOptions): Promise<BuildReport> {
  const { outDir, progress } = options;
  const shared = new Map<string, string>();
  const planned = planParts(discovery).map((task) => ({
    task,
    fingerprint: partFingerprint(task, options.resolutionKm, shared),
  }));
  const fingerprint = partsFingerprint(
    planned.map((part) => part.fingerprint),
    options.resolutionKm,
  );
  const fields = { outDir, source: options.source, fingerprint, notes: options.notes, found: options.found };
  const unchanged = options.force ? undefined : unchangedBuild(outDir, fingerprint, progress);
  if (unchanged)
    return reportOf(unchanged, { ...fields, skipped: true, durationMs: Date.now() - options.started });
  const { parts, summary } = await ensureParts(planned, {
    partsDir: options.partsDir,
    jobs: options.jobs,
    resolutionKm: options.resolutionKm,
    started: options.started,
    afterFailure: `nothing was merged and ${outDir} was left as it was`,
    progress,
  });
  return mergeParts(parts, {
    ...fields,
    resolutionKm: options.resolutionKm,
    pageNotes: options.pageNotes,
    inputs: discovery,
    started: options.started,
    parts: summary,
    progress,
  });
}
