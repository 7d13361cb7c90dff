import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PartManifest } from './part-manifest';
import type { PartError, PartJob, PartRequest, PartResponse } from './part-protocol';

const WORKER_ENTRY = fileURLToPath(new URL('./part-worker.ts', import.meta.url));
// The pipeline is TypeScript run by tsx (no build step): the worker loads it the same way,
// from this checkout's tsx whether the parent runs under tsx (npm run data) or vitest.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export type PartResult =
  | { ok: true; job: PartJob; part: PartManifest; worker: number; durationMs: number }
  | { ok: false; job: PartJob; error: PartError; worker: number; durationMs: number };

export interface RunPartsOptions {
  workers: number;
  /** Called as each part ends, with how many have ended. */
  onResult: (result: PartResult, ended: number) => void;
}

export interface RunPartsReport {
  results: PartResult[];
  /** Peak resident memory of each worker process (its getrusage maxrss), 0 if it built nothing. */
  peakRssBytes: number[];
}

// PartError.name of a part whose worker died: the pool starts a new worker for the next part.
const WORKER_LOST = 'WorkerLost';

/**
 * Sends one request and waits for its answer. A worker that exits or fails first (a crash, the
 * OOM killer, a failed spawn) fails the part it was building, saying how.
 */
function request(child: ChildProcess, message: PartRequest): Promise<PartResponse> {
  return new Promise((resolve) => {
    const finish = (response: PartResponse) => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
      resolve(response);
    };
    const lost = (how: string) =>
      finish({
        type: 'part-error',
        id: message.id,
        peakRssBytes: 0,
        error: {
          name: WORKER_LOST,
          message: `the part worker ${how} while building ${message.job.task.identity}; its output is above`,
        },
      });
    const onMessage = (response: PartResponse) => {
      if (response.id === message.id) finish(response);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      lost(`exited (${signal ? `signal ${signal}` : `code ${code}`})`);
    const onError = (error: Error) => lost(`failed (${error.message})`);
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.once('error', onError);
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
    else child.send(message);
  });
}

function startWorker(): ChildProcess {
  return fork(WORKER_ENTRY, [], {
    execArgv: ['--import', TSX_LOADER],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.disconnect();
  });
}

/**
 * Builds `jobs` in up to `workers` child processes (part-worker.ts), each taking the next job
 * when it finishes one, so a long species does not hold up the short ones behind it. Every job
 * ends, built or failed: a failure does not stop the others (the caller decides what a failure
 * means). A worker that died is replaced for the jobs still waiting.
 */
export async function runParts(jobs: PartJob[], options: RunPartsOptions): Promise<RunPartsReport> {
  const queue = [...jobs];
  const results: PartResult[] = [];
  const slots = Math.max(1, Math.min(options.workers, jobs.length));
  const peakRssBytes = new Array<number>(slots).fill(0);
  let nextId = 0;
  const runSlot = async (slot: number) => {
    let child: ChildProcess | undefined;
    for (let job = queue.shift(); job; job = queue.shift()) {
      child ??= startWorker();
      const started = Date.now();
      const response = await request(child, { type: 'part-build', id: nextId++, job });
      peakRssBytes[slot] = Math.max(peakRssBytes[slot], response.peakRssBytes);
      const base = { job, worker: slot + 1, durationMs: Date.now() - started };
      const result: PartResult =
        response.type === 'part-done'
          ? { ok: true, ...base, part: response.part }
          : { ok: false, ...base, error: response.error };
      if (response.type === 'part-error' && response.error.name === WORKER_LOST) {
        child.kill();
        child = undefined;
      }
      results.push(result);
      options.onResult(result, results.length);
    }
    if (child) await stopWorker(child);
  };
  await Promise.all(Array.from({ length: slots }, (_, slot) => runSlot(slot)));
  return { results, peakRssBytes };
}
