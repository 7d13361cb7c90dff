import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildData } from '../build-data';

/** The real example, relative to the repo root (FORMAT.md lives there; never copied into the repo). */
export const EXAMPLE_ROOT = resolve('../shared/data/ebirdst-example');
export const EXAMPLE_FOLDERS = [
  resolve(EXAMPLE_ROOT, '2023-yebsap-example'),
  resolve(EXAMPLE_ROOT, '2022-yebsap-example-trends'),
];
export const TEST_DATA_DIR = resolve('.cache/test-data');

/** Why the example cannot be built here, or undefined when it can. */
export function exampleMissingReason(): string | undefined {
  const missing = EXAMPLE_FOLDERS.filter((folder) => !existsSync(folder));
  return missing.length > 0 ? `eBird S&T example not found at ${missing.join(', ')}` : undefined;
}

/** Builds the example into .cache/test-data (incremental: unchanged inputs skip) and returns the folder. */
export async function buildExampleForTests(): Promise<string> {
  await buildData({ ebirdst: EXAMPLE_FOLDERS, outDir: TEST_DATA_DIR });
  return TEST_DATA_DIR;
}
