// The messages between a split build and its part workers (run-parts.ts ↔ part-worker.ts), over
// the child process IPC channel (JSON). The worker answers every request, success or failure.
import type { ResolutionKm } from '../read/resolution-tokens';
import type { PartManifest } from './part-manifest';
import type { PartTask } from './part-task';

/** What a worker needs to build one part into `partsDir/<fingerprint>/`. */
export interface PartJob {
  task: PartTask;
  fingerprint: string;
  partsDir: string;
  resolutionKm: ResolutionKm;
}

/** The only request: build this part (a worker builds one part at a time). */
export interface PartRequest {
  type: 'part-build';
  id: number;
  job: PartJob;
}

/** An error as plain data: `code` is the PipelineErrorCode of an input problem, absent for a Perch bug. */
export interface PartError {
  name: string;
  code?: string;
  message: string;
}

/** Peak resident memory of the worker process so far (getrusage maxrss), sent with every answer. */
interface PartAnswer {
  id: number;
  peakRssBytes: number;
}

export type PartResponse =
  | (PartAnswer & { type: 'part-done'; part: PartManifest })
  | (PartAnswer & { type: 'part-error'; error: PartError });
