import type { RangeSupport } from '../../src/engine/probe-range-support';

/** The range probe's answer for data read from local files (the agent service's `probeRanges` in tests). */
export async function localRanges(): Promise<RangeSupport> {
  return {
    supportsRanges: true,
    status: 206,
    acceptRanges: 'bytes',
    contentLength: 1,
    message: 'local files',
  };
}
