import type { DataReader, DecodedArray } from 'hyparquet';
import { readVarInt } from 'hyparquet/src/thrift.js';

/**
 * One data page of a flat column (a top-level column, not a list or a struct) as hyparquet's
 * `assembleLists` returns it, without its general Dremel walk: DuckDB writes every column
 * OPTIONAL, so hyparquet walked a stack of containers for each value of every page, nulls or
 * not — 25 ms of the 60 ms it took to decode the first question's 15,236 cell-weeks (two columns,
 * Node CPU profile, 2026-12-07); a continental species' week walked 45,000–150,000 values a column.
 *
 * As there, a value whose definition level is below the maximum is NULL, and values go on after
 * `output` (the page before, when it was a plain array). A page without NULLs (hyparquet then
 * drops its levels) is returned as decoded, typed array included — as hyparquet returns a
 * REQUIRED column's page; its reader takes a flat column's pages as separate chunks.
 */
export function assembleFlatPage(
  output: unknown[],
  definitionLevels: number[] | undefined,
  values: DecodedArray,
  maxDefinitionLevel: number,
): DecodedArray {
  if (!definitionLevels?.length) return values;
  let next = 0;
  for (let index = 0; index < definitionLevels.length; index++)
    output.push(definitionLevels[index] === maxDefinitionLevel ? values[next++] : null);
  return output;
}

/**
 * Skips a data page's definition levels when they are one run of the maximum level — no NULL in
 * the page — and says so; otherwise leaves the reader where it was (false). hyparquet expanded
 * every page's levels into an array and counted them: the most time of any one function (15 ms a
 * question) in the scale bench's species-week questions (Node CPU profile, 2026-12-08), for pages
 * DuckDB writes as a single run. Levels as hyparquet reads them in a v1 page: a 4-byte length,
 * then the RLE / bit-packed hybrid, whose run headers are read here with hyparquet's own varint
 * reader (count << 1 for an RLE run).
 */
export function skipDefinedLevels(reader: DataReader, count: number, maxDefinitionLevel: number): boolean {
  const { view, offset } = reader;
  try {
    const length = view.getUint32(offset, true);
    const levels = { view, offset: offset + 4 };
    const header = readVarInt(levels);
    if (header & 1 || header >>> 1 < count) return false;
    let value = 0;
    // hyparquet's readRle: the value in ceil(bitWidth / 8) bytes, little-endian.
    const width = (32 - Math.clz32(maxDefinitionLevel) + 7) >> 3;
    for (let index = 0; index < width; index++) value |= view.getUint8(levels.offset + index) << (index << 3);
    if (value !== maxDefinitionLevel) return false;
    reader.offset = offset + 4 + length;
    return true;
  } catch (error) {
    // Levels cut short: hyparquet's own reader then says what is wrong with the page.
    if (error instanceof RangeError) return false;
    throw error;
  }
}
