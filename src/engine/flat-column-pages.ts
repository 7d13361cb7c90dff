import type { DecodedArray } from 'hyparquet';

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
