import { byteLength } from './byte-length';

/** What replaces a cut: `…[truncated 1234 bytes]`, the bytes of JSON that were removed. */
export function truncationMarker(bytes: number): string {
  return `…[truncated ${bytes} bytes]`;
}

/** The key under which an object says how much of it was cut. */
const MARKER_KEY = '…';
/** A string is cut to no less than this many bytes before whole items are dropped instead. */
const KEEP_BYTES = 64;
/** Cuts of medium strings tried before containers lose items; bounds the work on many small strings. */
const STRING_CUTS = 32;
const MAX_STEPS = 200;

export interface Shrunk {
  value: unknown;
  bytes: number;
  fits: boolean;
  truncated: boolean;
}

/**
 * Cuts a JSON value (already JSON-safe) until its JSON is at most `budget` bytes, saying where
 * in place: a long string keeps its head and ends in the marker, an array or object keeps its
 * first items and gains a marker item. The longest string goes first when it alone can absorb
 * the excess; then medium strings; then the biggest container. Containers shallower than
 * `keepDepth` never lose items (an audit row keeps every field, an envelope its `error.code`).
 */
export function shrinkToFit(value: unknown, budget: number, keepDepth = 0): Shrunk {
  let current = value;
  let bytes = jsonBytes(current);
  let truncated = false;
  let stringCuts = 0;
  for (let step = 0; step < MAX_STEPS && bytes > budget; step++) {
    const excess = bytes - budget;
    const longest = largest(current, 'string', keepDepth);
    let next: unknown;
    if (longest && longest.bytes - KEEP_BYTES >= excess + 48) {
      next = replaceFound(current, longest, cutString(longest.node as string, excess + 48));
    } else if (
      longest &&
      longest.bytes > KEEP_BYTES * 2 &&
      stringCuts < STRING_CUTS &&
      // Many short strings (10,000 refused keys) are dropped whole, not shortened one by one.
      (longest.bytes - KEEP_BYTES) * (STRING_CUTS - stringCuts) >= excess
    ) {
      stringCuts++;
      next = replaceFound(current, longest, cutString(longest.node as string, longest.bytes - KEEP_BYTES));
    } else {
      const container = largest(current, 'container', keepDepth);
      if (!container) break;
      next = replaceAt(current, container.path, dropTail(container.node as object, excess));
    }
    const nextBytes = jsonBytes(next);
    if (nextBytes >= bytes) break;
    current = next;
    bytes = nextBytes;
    truncated = true;
  }
  return { value: current, bytes, fits: bytes <= budget, truncated };
}

interface Found {
  path: (string | number)[];
  /** Set when the string found is the key `renameKey` of the object at `path`, not a value. */
  renameKey?: string;
  node: unknown;
  bytes: number;
}

/**
 * The biggest string (values and keys), or the biggest array/object with two items or more at
 * depth ≥ keepDepth. Sizes are summed bottom-up in one pass, so a deep value is not
 * serialised once per level.
 */
function largest(root: unknown, kind: 'string' | 'container', keepDepth: number): Found | undefined {
  let best: Found | undefined;
  const consider = (found: Found) => {
    if (!best || found.bytes > best.bytes) best = found;
  };
  const visit = (node: unknown, path: (string | number)[]): number => {
    if (typeof node === 'string') {
      const bytes = jsonBytes(node);
      if (kind === 'string' && !isMarker(node)) consider({ path, node, bytes });
      return bytes;
    }
    if (typeof node !== 'object' || node === null) return jsonBytes(node);
    let bytes = 2;
    let count = 0;
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) bytes += visit(item, [...path, index]) + (count++ ? 1 : 0);
    } else {
      for (const [key, item] of Object.entries(node)) {
        const keyBytes = jsonBytes(key);
        if (kind === 'string' && key !== MARKER_KEY)
          consider({ path, renameKey: key, node: key, bytes: keyBytes });
        bytes += keyBytes + 1 + visit(item, [...path, key]) + (count++ ? 1 : 0);
      }
    }
    if (kind === 'container' && path.length >= keepDepth && count >= 2) consider({ path, node, bytes });
    return bytes;
  };
  visit(root, []);
  return best;
}

/** Puts a cut string where `found` was: as a value, or as the renamed key (order kept). */
function replaceFound(root: unknown, found: Found, cut: string): unknown {
  if (found.renameKey === undefined) return replaceAt(root, found.path, cut);
  const key = found.renameKey;
  return updateAt(root, found.path, (object) =>
    Object.fromEntries(
      Object.entries(object as Record<string, unknown>).map(([name, item]) => [
        name === key ? cut : name,
        item,
      ]),
    ),
  );
}

/** Removes at least `removeBytes` bytes of JSON from the end of `text` and appends the marker. */
function cutString(text: string, removeBytes: number): string {
  const total = jsonBytes(text);
  let keep = text.length;
  // Characters ≈ bytes for ASCII; step down until the JSON of the kept head is small enough.
  keep = Math.max(0, Math.min(keep, Math.floor(keep * ((total - removeBytes) / total))));
  while (keep > 0 && jsonBytes(text.slice(0, keep)) > total - removeBytes) keep = Math.floor(keep * 0.9);
  // Never split a surrogate pair: half an emoji is not valid UTF-8.
  if (keep > 0 && /[\uD800-\uDBFF]/.test(text[keep - 1]!)) keep--;
  const head = text.slice(0, keep);
  return `${head}${truncationMarker(total - jsonBytes(head))}`;
}

/** Keeps the first items of an array or object so that at least `removeBytes` go, plus a marker item. */
function dropTail(node: object, removeBytes: number): unknown {
  const entries: [string, unknown][] = Array.isArray(node)
    ? node.map((item, index) => [String(index), item])
    : Object.entries(node);
  const total = jsonBytes(node);
  let keep = Math.floor(entries.length / 2);
  const sizeOf = (count: number) => jsonBytes(rebuild(node, entries.slice(0, count)));
  while (keep > 0 && total - sizeOf(keep) < removeBytes + 48) keep = Math.floor(keep / 2);
  const kept = entries.slice(0, keep);
  const marker = truncationMarker(total - sizeOf(keep));
  return Array.isArray(node)
    ? [...kept.map(([, item]) => item), marker]
    : Object.fromEntries([...kept, [MARKER_KEY, marker]]);
}

function rebuild(node: object, entries: [string, unknown][]): unknown {
  return Array.isArray(node) ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

function replaceAt(root: unknown, path: (string | number)[], replacement: unknown): unknown {
  return updateAt(root, path, () => replacement);
}

/** A copy of `root` with the node at `path` replaced by `change(node)`; nothing else is copied deep. */
function updateAt(root: unknown, path: (string | number)[], change: (node: unknown) => unknown): unknown {
  if (path.length === 0) return change(root);
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = updateAt(copy[head as number], rest, change);
    return copy;
  }
  const record = root as Record<string, unknown>;
  return { ...record, [head!]: updateAt(record[head as string], rest, change) };
}

function isMarker(text: string): boolean {
  return /^…\[truncated \d+ bytes\]$/.test(text);
}

function jsonBytes(value: unknown): number {
  return byteLength(JSON.stringify(value) ?? 'null');
}
