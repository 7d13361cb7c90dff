import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Bump when the output of the same inputs changes, so incremental builds redo the work. */
export const PIPELINE_VERSION = 3;

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/**
 * sha256 over the pipeline version, the build parameters and every input file's relative path,
 * size and content. Content, not mtime: copies of the same download must not rebuild
 * (the example's 48 files hash in well under a second).
 */
export function inputFingerprint(folders: string[], parameters: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify({ version: PIPELINE_VERSION, parameters }));
  for (const folder of folders) {
    for (const file of listFiles(folder).sort()) {
      hash.update(`${relative(folder, file)}\0${statSync(file).size}\0`);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}
