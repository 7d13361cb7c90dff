import * as arrow from 'apache-arrow';
import type { CatalogPrebuilt } from '../catalog/types';
import type { DataSource } from './data-source';
import type { KeptResult } from './result-cache';

/**
 * Results the pipeline ran on the built data and kept beside catalog.json, so the engine can
 * answer those queries before DuckDB has started. The offline reader's first step reads the
 * data's names and towns (data_vocabulary: ten queries over six small tables); in a cold start in
 * Chromium that took 0.7–0.8 s after DuckDB opened, itself 1.4–2.0 s after the page asked
 * (2026-12-04). Keyed by the exact text DuckDB would run, so a query the app builds differently
 * (another version's SQL, another scope) simply misses and runs.
 *
 * The file: a 4-byte little-endian header length, the header (JSON, UTF-8), then each result as
 * an Arrow IPC stream at the offset the header gives.
 */
interface PrebuiltHeader {
  results: { sql: string; binderTables: string[]; bytes: number; offset: number; length: number }[];
}

/** The file's bytes for `results` (the engine's kept results after the pipeline's queries). */
export function encodePrebuiltResults(results: readonly KeptResult[]): Uint8Array {
  const streams = results.map((result) => arrow.tableToIPC(result.table, 'stream'));
  let offset = 0;
  const header: PrebuiltHeader = {
    results: results.map((result, index) => {
      const entry = {
        sql: result.sql,
        binderTables: result.binderTables,
        bytes: result.bytes,
        offset,
        length: streams[index].byteLength,
      };
      offset += streams[index].byteLength;
      return entry;
    }),
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const file = new Uint8Array(4 + headerBytes.byteLength + offset);
  new DataView(file.buffer).setUint32(0, headerBytes.byteLength, true);
  file.set(headerBytes, 4);
  let at = 4 + headerBytes.byteLength;
  for (const stream of streams) {
    file.set(stream, at);
    at += stream.byteLength;
  }
  return file;
}

/** The results in a prebuilt file's bytes; throws on a file that is not one. */
export function decodePrebuiltResults(bytes: Uint8Array): KeptResult[] {
  if (bytes.byteLength < 4) throw new Error(`prebuilt results: ${bytes.byteLength} bytes is no file`);
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength))) as PrebuiltHeader;
  const body = 4 + headerLength;
  return header.results.map((result) => ({
    sql: result.sql,
    binderTables: result.binderTables,
    bytes: result.bytes,
    table: arrow.tableFromIPC(bytes.subarray(body + result.offset, body + result.offset + result.length)),
  }));
}

/** Reads and decodes the catalog's prebuilt results from the data source (one request). */
export async function readPrebuiltResults(source: DataSource, file: CatalogPrebuilt): Promise<KeptResult[]> {
  const buffer = await source.open(file.path, file.bytes, () => {});
  return decodePrebuiltResults(new Uint8Array(await buffer.slice(0, file.bytes)));
}
