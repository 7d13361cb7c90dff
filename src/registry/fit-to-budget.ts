import { serialize } from './serialize';

export type Fitted =
  | { fits: true; data: unknown; bytes: number; truncated: boolean }
  | { fits: false; bytes: number };

/**
 * Keeps a result within the model's byte budget by shortening its longest array (rows,
 * candidates…) and saying so in `truncated` and `note`. A result with nothing to shorten that
 * is still too big does not fit, and the caller answers `result_too_large`.
 */
export function fitToBudget(data: unknown, budgetBytes: number): Fitted {
  let bytes = byteLength(serialize(data));
  if (bytes <= budgetBytes) return { fits: true, data, bytes, truncated: false };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { fits: false, bytes };
  const record = { ...(data as Record<string, unknown>) };
  const key = longestArrayKey(record);
  if (key === undefined) return { fits: false, bytes };
  const full = record[key] as unknown[];
  let keep = full.length;
  while (keep > 0 && bytes > budgetBytes) {
    keep = Math.floor(keep / 2);
    record[key] = full.slice(0, keep);
    record.truncated = true;
    record.note = `only the first ${keep} of ${full.length} ${key} are shown, to keep this result under ${budgetBytes} bytes; filter or aggregate to see the rest`;
    bytes = byteLength(serialize(record));
  }
  return bytes <= budgetBytes ? { fits: true, data: record, bytes, truncated: true } : { fits: false, bytes };
}

function longestArrayKey(record: Record<string, unknown>): string | undefined {
  let best: string | undefined;
  let bestLength = 0;
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value) && value.length > bestLength) {
      best = key;
      bestLength = value.length;
    }
  }
  return best;
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
