import { byteLength } from './byte-length';
export { byteLength } from './byte-length';
import type { ArgumentProblem, ToolEnvelope, ToolError } from './envelope';
import { serialize, toModelValue } from './serialize';
import { shrinkToFit } from './shrink-to-fit';

/**
 * Provider ids are under 64 characters (OpenAI `call_` + 24, Anthropic `toolu_` + 24, ours
 * `call_<turn>_<n>`) and tool names at most 64 by every provider's rules; anything longer is
 * not a real id or name, and is cut so it cannot crowd out the answer.
 */
const MAX_ID_BYTES = 256;
/** Nobody fixes 10,000 problems at once; the first ones and a count say enough. */
const MAX_PROBLEMS = 20;

export type FittedEnvelope =
  | { fits: true; envelope: ToolEnvelope; bytes: number; truncated: boolean }
  | { fits: false; bytes: number };

/**
 * Keeps the whole serialised envelope — id, name, data or error — within `budgetBytes`.
 * Data: the top-level array holding the most bytes (rows, candidates…) loses its tail, and
 * `truncated: true` and `note` say so; cutting a value would change what it says, so data
 * that still does not fit does not fit, and the caller answers `result_too_large`. An error
 * always fits: problems past 20 become a count, long text is cut with the marker.
 */
export function fitEnvelope(envelope: ToolEnvelope, budgetBytes: number): FittedEnvelope {
  const head = { call_id: capText(envelope.call_id), name: capText(envelope.name) };
  if (!envelope.ok) return fitError({ ...head, ok: false, error: capProblems(envelope.error) }, budgetBytes);
  const skeleton = byteLength(serialize({ ...head, ok: true, data: null })) - 'null'.length;
  const fitted = fitData(envelope.data, budgetBytes - skeleton);
  if (!fitted.fits) return { fits: false, bytes: fitted.bytes + skeleton };
  return {
    fits: true,
    envelope: { ...head, ok: true, data: fitted.data },
    bytes: fitted.bytes + skeleton,
    truncated: fitted.truncated,
  };
}

type FittedData =
  | { fits: true; data: unknown; bytes: number; truncated: boolean }
  | { fits: false; bytes: number };

function fitData(data: unknown, budgetBytes: number): FittedData {
  const bytes = byteLength(serialize(data ?? null));
  if (bytes <= budgetBytes) return { fits: true, data, bytes, truncated: false };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { fits: false, bytes };
  const record: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  const earlierNote = typeof record.note === 'string' ? record.note : undefined;
  const trimmed = new Map<string, number>();
  const measure = () => {
    record.truncated = true;
    record.note = noteFor(earlierNote, trimmed, record, budgetBytes);
    return byteLength(serialize(record));
  };
  let size = measure();
  // Tails first, keeping one item of each array (a model can still read what a row looks
  // like), then whole arrays; a single value too big for the budget is not cut.
  for (
    let key = biggestArray(record, 1);
    size > budgetBytes && key !== undefined;
    key = biggestArray(record, 1)
  ) {
    const items = record[key] as unknown[];
    if (!trimmed.has(key)) trimmed.set(key, items.length);
    record[key] = items.slice(0, Math.max(1, Math.floor(items.length / 2)));
    size = measure();
  }
  for (
    let key = biggestArray(record, 0);
    size > budgetBytes && key !== undefined;
    key = biggestArray(record, 0)
  ) {
    if (!trimmed.has(key)) trimmed.set(key, (record[key] as unknown[]).length);
    record[key] = [];
    size = measure();
  }
  return size <= budgetBytes
    ? { fits: true, data: record, bytes: size, truncated: true }
    : { fits: false, bytes };
}

function noteFor(
  earlier: string | undefined,
  trimmed: ReadonlyMap<string, number>,
  record: Record<string, unknown>,
  budgetBytes: number,
): string {
  const shown = [...trimmed].map(
    ([key, total]) => `only the first ${(record[key] as unknown[]).length} of ${total} ${key} are shown`,
  );
  const said = `${shown.join('; ') || 'the result was shortened'}, to keep this result under ${budgetBytes} bytes; filter or aggregate to see the rest`;
  return earlier ? `${earlier}; ${said}` : said;
}

/** The top-level array holding the most bytes, among those with more than `above` items. */
function biggestArray(record: Record<string, unknown>, above: number): string | undefined {
  let best: string | undefined;
  let bestBytes = 0;
  for (const [key, value] of Object.entries(record)) {
    if (!Array.isArray(value) || value.length <= above) continue;
    const bytes = byteLength(serialize(value));
    if (bytes > bestBytes) {
      best = key;
      bestBytes = bytes;
    }
  }
  return best;
}

/**
 * `call_id`, `name`, `ok` and every field of `error` stay; only their text is cut. An error is
 * always answered, cut as far as it goes: every string down to 64 bytes leaves under 5 KB.
 */
function fitError(envelope: ToolEnvelope & { ok: false }, budgetBytes: number): FittedEnvelope {
  const shrunk = shrinkToFit(toModelValue(envelope), budgetBytes, 2);
  return {
    fits: true,
    envelope: shrunk.value as ToolEnvelope,
    bytes: shrunk.bytes,
    truncated: shrunk.truncated,
  };
}

function capProblems(error: ToolError): ToolError {
  const problems = error.problems;
  if (!problems || problems.length <= MAX_PROBLEMS) return error;
  const more: ArgumentProblem = {
    loc: '(root)',
    msg: `${problems.length - MAX_PROBLEMS} more problems are not shown; fix these first.`,
  };
  return { ...error, problems: [...problems.slice(0, MAX_PROBLEMS), more] };
}

function capText(text: string): string {
  const shrunk = shrinkToFit(text, MAX_ID_BYTES);
  return shrunk.value as string;
}
