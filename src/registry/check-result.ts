import type { z } from 'zod';
import { isToolFailure } from './envelope';
import { formatLocation } from './parse-arguments';

/**
 * A handler returned a value its tool's output schema rejects: a Perch bug, never the model's.
 * It becomes `internal_error` for the model; the audit row's `detail` keeps the problems.
 */
export class ResultMismatchError extends Error {
  override readonly name = 'ResultMismatchError';
}

/**
 * Runs a handler and parses a success against the tool's output schema, so what a model and the
 * offline planner read is exactly the declared type (`z.output`), whatever the handler built; a
 * failure for the model passes through. Always on, not only in tests: a strict parse of a
 * query_status result (1–6 KB) took 77–109 µs on a loaded 2-core machine (printed by
 * src/tools/tool-results.test.ts), next to ~250 ms of DuckDB work per call.
 */
export async function checkedResult(
  tool: { name: string; output: z.ZodType },
  produce: () => unknown,
): Promise<unknown> {
  const value = await produce();
  if (isToolFailure(value)) return value;
  const parsed = tool.output.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${formatLocation(issue.path)}: ${issue.message}`);
  throw new ResultMismatchError(
    `tool '${tool.name}' returned a result its output schema rejects: ${problems.join('; ')}`,
  );
}
