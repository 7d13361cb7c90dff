/**
 * Lossless, never-throwing conversion of tool results to JSON. DuckDB hands back BigInt for
 * BIGINT/HUGEINT and NaN for not-a-number doubles; plain `JSON.stringify` throws on the first
 * and silently writes `null` for the second, which would read as "no data". Markers keep them.
 */

/** Marker objects for values JSON cannot hold. `deserialize` turns them back. */
export type ValueMarker =
  | { $type: 'float'; value: 'NaN' | 'Infinity' | '-Infinity' }
  | { $type: 'bigint'; value: string };

const MAX_DEPTH = 64;

/** A JSON-safe copy of `value`. */
export function toModelValue(value: unknown): unknown {
  return convert(value, new WeakSet(), 0);
}

export function serialize(value: unknown): string {
  return JSON.stringify(toModelValue(value));
}

export function deserialize(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => fromMarker(value));
}

function convert(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : { $type: 'float', value: String(value) as 'NaN' };
    case 'bigint':
      return Number.isSafeInteger(Number(value))
        ? Number(value)
        : { $type: 'bigint', value: value.toString() };
    case 'string':
    case 'boolean':
      return value;
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'object':
      return convertObject(value, seen, depth);
    default:
      return String(value);
  }
}

function convertObject(value: object | null, seen: WeakSet<object>, depth: number): unknown {
  if (value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  seen.add(value);
  try {
    if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
      return Array.from(value as unknown as ArrayLike<number | bigint>, (item) =>
        convert(item, seen, depth + 1),
      );
    }
    if (value instanceof Map)
      return Object.fromEntries(
        [...value].map(([key, item]) => [String(key), convert(item, seen, depth + 1)]),
      );
    if (value instanceof Set || Array.isArray(value))
      return [...value].map((item) => convert(item, seen, depth + 1) ?? null);
    if (value instanceof Error) return { name: value.name, message: value.message };
    const entries: [string, unknown][] = [];
    for (const key of Object.keys(value)) {
      const converted = convert((value as Record<string, unknown>)[key], seen, depth + 1);
      if (converted !== undefined) entries.push([key, converted]);
    }
    return Object.fromEntries(entries);
  } catch {
    // A getter that throws (seen on proxied Arrow rows) must not break the envelope.
    return '[unreadable]';
  } finally {
    seen.delete(value);
  }
}

function fromMarker(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length !== 2 || typeof record.value !== 'string') return value;
  if (record.$type === 'float') return Number(record.value);
  if (record.$type === 'bigint') return BigInt(record.value);
  return value;
}
