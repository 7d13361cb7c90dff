import { describe, expect, it } from 'vitest';
import { catalogOf, catalogTable } from '../../test/helpers/catalog-builders';
import type { CatalogFile, CatalogTable } from '../catalog/types';
import { tablesToWarm, WARM_TABLE_BYTES } from './tables-to-warm';

const file = (bytes: number, partition?: Record<string, string>): CatalogFile => ({
  path: `${bytes}.parquet`,
  bytes,
  rows: 1,
  sha256: '',
  ...(partition ? { partition } : {}),
});
const table = (name: string, files: CatalogFile[], partitionBy: string[] = []): CatalogTable => ({
  ...catalogTable(name, []),
  files,
  partition_by: partitionBy,
});

describe('tablesToWarm', () => {
  const catalog = catalogOf([
    table('species', [file(2_329)]),
    table('places', [file(31_489)]),
    // The example's boundaries: read column by column at the first question instead (table-loader.ts).
    table('regions', [file(1_549_675)]),
    table('cells', [file(WARM_TABLE_BYTES + 1)]),
    table('weekly', [file(100, { species_code: 'a' })], ['species_code']),
    table(
      'weekly_regions',
      [file(100, { species_code: 'a' }), file(100, { species_code: 'b' })],
      ['species_code'],
    ),
    table('trends_summary', [file(WARM_TABLE_BYTES)]),
    table('my_upload', []),
  ]);
  const scope = Object.keys(catalog.tables);

  it('takes the small one-file tables of the scope, not partitioned, large or empty ones', () => {
    expect(tablesToWarm(catalog, scope)).toEqual(['species', 'places', 'trends_summary']);
  });

  it('never a table outside the session scope, nor a name the catalog does not hold', () => {
    expect(tablesToWarm(catalog, ['places', 'nope'])).toEqual(['places']);
  });
});
