import type { z } from 'zod';
import type { ArgumentProblem } from './envelope';

export type ParsedArguments =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; problems: ArgumentProblem[]; refusedKeys: string[] };

/**
 * Validates a model's arguments against a tool's one schema. Extras are refused (strict
 * objects), defaults are filled, and whole floats pass integer checks because JSON `5.0` is
 * already the number 5 once parsed; `5.5` fails `.int()`.
 */
export function parseArguments(input: z.ZodObject, raw: unknown): ParsedArguments {
  const result = input.safeParse(withoutNullOptionals(input, raw));
  if (result.success) return { ok: true, value: result.data as Record<string, unknown> };
  const problems: ArgumentProblem[] = [];
  const refusedKeys: string[] = [];
  const allowed = Object.keys(input.shape);
  for (const issue of result.error.issues) {
    const loc = formatLocation(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const where = loc === '(root)' ? key : `${loc}.${key}`;
        refusedKeys.push(where);
        const choices = loc === '(root)' ? ` Allowed arguments: ${allowed.join(', ') || 'none'}.` : '';
        problems.push({ loc: where, msg: `unknown argument '${key}' is not accepted.${choices}` });
      }
    } else {
      problems.push({ loc, msg: issue.message });
    }
  }
  return { ok: false, problems, refusedKeys };
}

/**
 * OpenAI strict mode makes every field required and lets the model send `null` for the ones
 * it would have left out (providers/openai.ts), so a `null` on an optional field means "absent".
 */
function withoutNullOptionals(input: z.ZodObject, raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const shape = input.shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    // Own keys only: a model-chosen key such as `toString` must not reach Object.prototype
    // (found by the property test: seed -572998245 threw "shape[key].safeParse is not a function").
    Object.entries(raw).filter(
      ([key, value]) =>
        !(value === null && Object.hasOwn(shape, key) && shape[key]!.safeParse(undefined).success),
    ),
  );
}

export function formatLocation(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path.reduce<string>(
    (text, part) =>
      typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part),
    '',
  );
}
