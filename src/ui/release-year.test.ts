import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogColumn, CatalogTable } from '../catalog/types';
import { releaseYear } from './release-year';

const column = (name: string, min: unknown, max: unknown): CatalogColumn => ({
  name,
  type: 'INTEGER',
  meaning: '',
  examples: [],
  distinct: 1,
  null_fraction: 0,
  min: min as number,
  max: max as number,
});
const table = (name: string, columns: CatalogColumn[], release?: number[]): CatalogTable => ({
  name,
  title: name,
  row_meaning: '',
  description: '',
  rows: 1,
  files: [],
  partition_by: [],
  sort_by: [],
  columns,
  attribution: '',
  licence: '',
  citation: '',
  caveats: [],
  simulated: false,
  ...(release ? { release } : {}),
});
const catalog = (tables: CatalogTable[]): Catalog => ({
  version: 1,
  built_at: '',
  simulated: false,
  attribution: '',
  citation: '',
  macros: [],
  tables: Object.fromEntries(tables.map((entry) => [entry.name, entry])),
});

describe('releaseYear', () => {
  it('reads the weeks table release, else the first weekly date, else the latest listed release', () => {
    // The example build: weekly lists both releases (2023 estimates, 2022 trends).
    expect(
      releaseYear(
        catalog([
          table('weeks', [column('release', 2023, 2023)]),
          table('weekly', [column('date', '2023-01-04', '2023-12-27')], [2022, 2023]),
        ]),
      ),
    ).toBe(2023);
    expect(
      releaseYear(catalog([table('weekly', [column('date', '2021-01-04', '2021-12-27')], [2022])])),
    ).toBe(2021);
    expect(releaseYear(catalog([table('weekly', [], [2022, 2023])]))).toBe(2023);
    expect(releaseYear(catalog([table('species', [])]))).toBeUndefined();
    expect(releaseYear(undefined)).toBeUndefined();
  });
});
