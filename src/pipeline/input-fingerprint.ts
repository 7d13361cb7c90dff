import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { DATA_VERSION } from '../catalog/data-version';
import type { InputFile } from './discover';

/**
 * Files up to this size are hashed whole, streamed in chunks: the example's 48 files (5 MB) hash in
 * well under a second and copies of a download keep their fingerprint. Larger files (a real
 * download's 3 km weekly products run to several GB; `readFileSync` throws ERR_FS_FILE_TOO_LARGE
 * over 2 GiB, issue 15) are fingerprinted by size, mtime and samples, so a copied big file rebuilds once.
 */
export const WHOLE_FILE_LIMIT = 64 * 1024 * 1024;
const CHUNK = 1024 * 1024;
const SAMPLE = 64 * 1024;
/** Samples between the first and the last 64 KiB of a large file. */
const MIDDLE_SAMPLES = 6;

function hashRange(hash: Hash, descriptor: number, start: number, length: number, buffer: Buffer): void {
  let offset = start;
  const end = start + length;
  while (offset < end) {
    const read = readSync(descriptor, buffer, 0, Math.min(buffer.length, end - offset), offset);
    if (read === 0) break;
    hash.update(buffer.subarray(0, read));
    offset += read;
  }
}

function hashFile(hash: Hash, path: string): void {
  const { size, mtimeMs } = statSync(path);
  const descriptor = openSync(path, 'r');
  try {
    if (size <= WHOLE_FILE_LIMIT) {
      hash.update(`${size}\0`);
      hashRange(hash, descriptor, 0, size, Buffer.allocUnsafe(Math.min(CHUNK, Math.max(size, 1))));
      return;
    }
    hash.update(`${size}\0${mtimeMs}\0`);
    const buffer = Buffer.allocUnsafe(SAMPLE);
    const step = Math.floor((size - SAMPLE) / (MIDDLE_SAMPLES + 1));
    for (let sample = 0; sample <= MIDDLE_SAMPLES; sample++)
      hashRange(hash, descriptor, sample * step, SAMPLE, buffer);
    hashRange(hash, descriptor, size - SAMPLE, SAMPLE, buffer);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * sha256 over the pipeline version, the build parameters and every input file's key (its path
 * inside the download, not on this disk) and content (see WHOLE_FILE_LIMIT). Never reads a file whole.
 */
export function inputFingerprint(files: InputFile[], parameters: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify({ version: DATA_VERSION, parameters }));
  for (const file of [...files].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    hash.update(`${file.key}\0`);
    hashFile(hash, file.path);
  }
  return hash.digest('hex');
}
