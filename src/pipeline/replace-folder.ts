import { existsSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A fresh build folder beside the target, so the final rename stays on one filesystem. */
export function temporarySibling(target: string, label: string): string {
  return join(dirname(target), `.${basename(target)}.${label}-${process.pid}-${Date.now()}`);
}

/**
 * Puts `built` in place of `target`: the old folder is renamed away first and removed only after
 * the new one is in place, so a reader sees either the old build or the new one, never a mix.
 */
export function replaceFolder(built: string, target: string): void {
  const previous = existsSync(target) ? temporarySibling(target, 'old') : undefined;
  if (previous) renameSync(target, previous);
  try {
    renameSync(built, target);
  } catch (error) {
    if (previous) renameSync(previous, target);
    throw error;
  }
  if (previous) rmSync(previous, { recursive: true, force: true });
}
