import type { AsyncBuffer } from 'hyparquet';

/** Where catalog.json and the parquet files come from: a folder (Node) or an HTTP base URL. */
export interface DataSource {
  /** For messages: the folder or URL. */
  readonly location: string;
  readText(path: string): Promise<string>;
  /** A byte-range view of one file; every byte actually transferred is reported to `onBytes`. */
  open(path: string, byteLength: number, onBytes: (bytes: number) => void): Promise<AsyncBuffer>;
}

/**
 * Serves slices from ranges already fetched. hyparquet first reads up to 512 KiB of footer and
 * then the column chunks; for our small files the footer read already holds every chunk, so
 * without this the same bytes would be fetched twice.
 */
export function reusingRanges(
  byteLength: number,
  fetchRange: (start: number, end: number) => Promise<{ start: number; bytes: ArrayBuffer }>,
): AsyncBuffer {
  const held: { start: number; bytes: ArrayBuffer }[] = [];
  return {
    byteLength,
    async slice(start: number, end: number = byteLength) {
      const hit = held.find((range) => range.start <= start && range.start + range.bytes.byteLength >= end);
      if (hit) return hit.bytes.slice(start - hit.start, end - hit.start);
      const fetched = await fetchRange(start, end);
      held.push(fetched);
      return fetched.bytes.slice(start - fetched.start, end - fetched.start);
    },
  };
}
