// Entry of a part worker: a child process (run-parts.ts forks it) that builds the parts it is
// sent, one at a time, and answers each; it exits when the parent disconnects. A process per
// worker, not a thread: each holds its own native DuckDB, and one that crashes or runs out of
// memory takes down only the part it was building.
import { PipelineError } from '../pipeline-error';
import { buildPart } from './build-part';
import type { PartError, PartRequest, PartResponse } from './part-protocol';

function send(response: PartResponse): void {
  process.send?.(response);
}

const peakRssBytes = () => process.resourceUsage().maxRSS * 1024;

function asPartError(error: unknown): PartError {
  if (error instanceof PipelineError) return { name: error.name, code: error.code, message: error.message };
  if (error instanceof Error) return { name: error.name, message: error.stack ?? error.message };
  return { name: 'Error', message: String(error) };
}

async function handle(request: PartRequest): Promise<void> {
  try {
    const part = await buildPart(request.job);
    send({ type: 'part-done', id: request.id, part, peakRssBytes: peakRssBytes() });
  } catch (error) {
    send({ type: 'part-error', id: request.id, error: asPartError(error), peakRssBytes: peakRssBytes() });
  }
}

process.on('message', (request: PartRequest) => void handle(request));
process.on('disconnect', () => process.exit(0));
