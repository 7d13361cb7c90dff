import { describe, expect, it } from 'vitest';
import { catalogOf, catalogTable } from '../../test/helpers/catalog-builders';
import type { CatalogTable } from '../catalog/types';
import { suggestQuestions } from './suggest-questions';

const table = (name: string, columns: { name: string; examples: unknown[] }[] = []): CatalogTable =>
  catalogTable(
    name,
    columns.map((column) => ({ ...column, type: 'VARCHAR', meaning: '', distinct: 1, null_fraction: 0 })),
  );

describe('suggestQuestions', () => {
  it('suggestQuestions names the species and state present in the data', () => {
    const questions = suggestQuestions(
      catalogOf([
        table('species', [{ name: 'common_name', examples: ['Yellow-bellied Sapsucker'] }]),
        table('weekly'),
        table('trends'),
        table('regional_stats', [
          { name: 'region_code', examples: ['USA', 'USA-MI'] },
          { name: 'region_name', examples: ['United States', 'Michigan'] },
        ]),
      ]),
    );
    expect(questions).toEqual([
      'When does the Yellow-bellied Sapsucker peak in Michigan?',
      'Where is the Yellow-bellied Sapsucker in mid-June?',
      'Is the Yellow-bellied Sapsucker breeding population in Michigan increasing or decreasing?',
    ]);
  });

  it('suggestQuestions picks the state when the example lists are not row-aligned', () => {
    for (const names of [
      ['Michigan', 'United States'],
      ['United States', 'Michigan'],
    ]) {
      const questions = suggestQuestions(
        catalogOf([
          table('species', [{ name: 'common_name', examples: ['Yellow-bellied Sapsucker'] }]),
          table('weekly'),
          table('regional_stats', [
            { name: 'region_code', examples: ['USA', 'USA-MI'] },
            { name: 'region_name', examples: names },
          ]),
        ]),
      );
      expect(questions[0]).toBe('When does the Yellow-bellied Sapsucker peak in Michigan?');
    }
  });

  it('suggestQuestions with no species table suggests nothing', () => {
    expect(suggestQuestions(catalogOf([table('weekly')]))).toEqual([]);
  });
});
