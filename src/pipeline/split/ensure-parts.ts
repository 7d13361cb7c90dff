import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PipelineError } from '../pipeline-error';
import type { ResolutionKm } from '../read/resolution-tokens';
import { readPart } from './part-manifest';
import type { LocatedPart } from './part-manifest';
import type { PartTask } from './part-task';
import { runParts } from './run-parts';
import type { PartResult } from './run-parts';

/** What a split build (or one shard of it) built and reused. */
export interface PartsSummary {
  total: number;
  built: number;
  reused: number;
  workers: number;
  /** Wall time of building the parts that were missing. */
  wallMs: number;
  /** The parts' own build times added up: about what one worker would have taken. */
  partMs: number;
  /** Peak resident memory of each worker process. */
  peakRssBytes: number[];
}

export interface PlannedPart {
  task: PartTask;
  fingerprint: string;
}

export interface EnsurePartsOptions {
  partsDir: string;
  jobs: number;
  resolutionKm: ResolutionKm;
  /** When the build started, for the elapsed time on each progress line. */
  started: number;
  /** What a failure leaves, for its message: "nothing was merged and public/data was left as it was". */
  afterFailure: string;
  progress: (step: string, message: string) => void;
}

// temporarySibling names: `.<fingerprint>.building-<pid>-<ms>` (build-part.ts).
const BUILDING = /^\.[0-9a-f]{64}\.building-(\d+)-\d+$/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the temporary folders of part builds whose process is gone (a killed build's half parts). */
function removeAbandoned(partsDir: string): void {
  for (const name of readdirSync(partsDir)) {
    const pid = name.match(BUILDING)?.[1];
    if (pid && !alive(Number(pid))) rmSync(join(partsDir, name), { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

function describeResult(result: PartResult, ended: number, total: number, started: number): string {
  const head = `${ended}/${total} after ${seconds(Date.now() - started)}: ${result.job.task.identity}`;
  const tail = `in ${seconds(result.durationMs)} (worker ${result.worker})`;
  return result.ok ? `${head} built ${tail}` : `${head} FAILED ${tail}: ${result.error.message}`;
}

/**
 * Makes sure every planned part is in `partsDir`: (1) clears the half parts of killed builds,
 * (2) reuses each part whose folder (named by its inputs' fingerprint) is complete, saying which,
 * (3) builds the others in `jobs` worker processes, a line per part as it ends, (4) sums up, and
 * (5) when any part failed, throws `parts_failed` with each failure's own message — after every
 * other part has finished, so a second run rebuilds only what failed.
 */
export async function ensureParts(
  planned: PlannedPart[],
  options: EnsurePartsOptions,
): Promise<{ parts: LocatedPart[]; summary: PartsSummary }> {
  const { partsDir, progress } = options;
  mkdirSync(partsDir, { recursive: true });
  removeAbandoned(partsDir);
  const found = new Map<string, LocatedPart>();
  for (const { task, fingerprint } of planned) {
    const part = readPart(join(partsDir, fingerprint));
    if (!part) continue;
    found.set(fingerprint, part);
    progress('part', `reused ${task.identity} (inputs unchanged: ${fingerprint.slice(0, 12)})`);
  }
  const missing = planned.filter(({ fingerprint }) => !found.has(fingerprint));
  const workers = Math.max(1, Math.min(options.jobs, missing.length));
  if (missing.length > 0)
    progress(
      'part',
      `building ${missing.length} of ${planned.length} parts with ${workers} worker(s) into ${partsDir}`,
    );
  const runStarted = Date.now();
  const run = await runParts(
    missing.map(({ task, fingerprint }) => ({
      task,
      fingerprint,
      partsDir,
      resolutionKm: options.resolutionKm,
    })),
    {
      workers,
      onResult: (result, ended) =>
        progress('part', describeResult(result, ended, missing.length, options.started)),
    },
  );
  const failed = run.results.filter((result): result is PartResult & { ok: false } => !result.ok);
  for (const result of run.results)
    if (result.ok)
      found.set(result.job.fingerprint, {
        folder: join(partsDir, result.job.fingerprint),
        manifest: result.part,
      });
  const summary: PartsSummary = {
    total: planned.length,
    built: run.results.length - failed.length,
    reused: planned.length - missing.length,
    workers: missing.length > 0 ? workers : 0,
    wallMs: missing.length > 0 ? Date.now() - runStarted : 0,
    partMs: run.results.reduce((sum, result) => sum + result.durationMs, 0),
    peakRssBytes: run.peakRssBytes,
  };
  progress(
    'parts',
    `${summary.built} built, ${summary.reused} reused, ${failed.length} failed of ${summary.total}; building took ${seconds(summary.wallMs)} (${seconds(summary.partMs)} of part time)${summary.peakRssBytes.some(Boolean) ? `; peak memory per worker ${summary.peakRssBytes.map(megabytes).join(', ')}` : ''}`,
  );
  if (failed.length > 0)
    throw new PipelineError(
      'parts_failed',
      partsDir,
      `${failed.length} of ${planned.length} parts failed, so ${options.afterFailure}`,
      `Fix the inputs below and run again (the ${found.size} finished parts are kept and reused):\n${failed
        .map((result) => `  ${result.job.task.identity}: ${result.error.message}`)
        .join('\n')}`,
    );
  return { parts: planned.map(({ fingerprint }) => found.get(fingerprint)!), summary };
}
