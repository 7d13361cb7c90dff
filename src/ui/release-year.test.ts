import { describe, expect, it } from 'vitest';
import { catalogOf, catalogTable } from '../../test/helpers/catalog-builders';
import type { CatalogColumn } from '../catalog/types';
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
describe('releaseYear', () => {
  it('reads the weeks table release, else the first weekly date, else the latest listed release', () => {
    // The example build: weekly lists both releases (2023 estimates, 2022 trends).
    expect(
      releaseYear(
        catalogOf([
          catalogTable('weeks', [column('release', 2023, 2023)]),
          catalogTable('weekly', [column('date', '2023-01-04', '2023-12-27')], [2022, 2023]),
        ]),
      ),
    ).toBe(2023);
    expect(
      releaseYear(catalogOf([catalogTable('weekly', [column('date', '2021-01-04', '2021-12-27')], [2022])])),
    ).toBe(2021);
    expect(releaseYear(catalogOf([catalogTable('weekly', [], [2022, 2023])]))).toBe(2023);
    expect(releaseYear(catalogOf([catalogTable('species', [])]))).toBeUndefined();
    expect(releaseYear(undefined)).toBeUndefined();
  });
});
