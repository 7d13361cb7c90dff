import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EvalFile } from '../../src/bench/score-answer';

/**
 * The public evaluation file. It lives beside the repository (../shared), never inside it, so a
 * visitor's clone has none: tests that need it read it lazily through `readPublicQuestions`.
 */
export const PUBLIC_QUESTIONS_PATH = resolve(import.meta.dirname, '../../../shared/questions/public.json');

/** The public questions, or null after printing why the tests that need them are skipped. */
export function readPublicQuestions(tag: string): EvalFile | null {
  if (!existsSync(PUBLIC_QUESTIONS_PATH)) {
    console.warn(
      `[${tag}] skipping public-question tests: ${PUBLIC_QUESTIONS_PATH} not found (../shared is not beside the repository)`,
    );
    return null;
  }
  return JSON.parse(readFileSync(PUBLIC_QUESTIONS_PATH, 'utf8')) as EvalFile;
}
