import { describe, expect, it } from 'vitest';
import { mayHold, rowNeed, scansInPlan, tableNeeds } from './scan-needs';

describe('rowNeed reads the filters DuckDB pushes into a scan', () => {
  it('equalities, ranges, IN lists and optional filters become column needs', () => {
    const need = rowNeed([
      "species_code='yebsap'",
      'week>=18 AND week<=19',
      "optional: region IN ('a', 'b,c')",
    ]);
    expect(Object.fromEntries(need)).toEqual({
      species_code: { kind: 'values', values: ['yebsap'] },
      week: { kind: 'range', min: 18, max: 19 },
      region: { kind: 'values', values: ['a', 'b,c'] },
    });
  });

  it("quotes are read whole: an AND inside a string is not a conjunct, '' is one quote", () => {
    const need = rowNeed(["name='rock AND roll'", "code='o''hare'"]);
    expect(Object.fromEntries(need)).toEqual({
      name: { kind: 'values', values: ['rock AND roll'] },
      code: { kind: 'values', values: ["o'hare"] },
    });
  });

  it('anything but a plain comparison with a constant is dropped (the scan then needs more, never less)', () => {
    const dropped = [
      "(lower(species_code) = 'a')",
      "species_code!='a'",
      'abundance IS NULL',
      "date>'2023-01-01'::DATE",
      '(week = 3 OR week = 5)',
      'week IN (SELECT 1)',
      'b',
    ];
    for (const filter of dropped) expect(rowNeed([filter]).size, filter).toBe(0);
  });

  it('a strict bound is widened to an inclusive one, and a column name is matched in lower case', () => {
    expect(Object.fromEntries(rowNeed(['"Week">50']))).toEqual({ week: { kind: 'range', min: 50 } });
  });
});

describe('tableNeeds', () => {
  const plan = JSON.stringify([
    {
      name: 'HASH_JOIN',
      children: [
        {
          name: 'SEQ_SCAN ',
          children: [],
          extra_info: {
            Table: 'weekly',
            Projections: ['cell_id', 'abundance'],
            Filters: ["species_code='a'", 'week=3'],
          },
        },
        {
          name: 'SEQ_SCAN ',
          children: [],
          extra_info: { Table: 'weekly', Projections: '', Filters: "(lower(common) = 'b')" },
        },
        { name: 'SEQ_SCAN ', children: [], extra_info: { Table: 'cells', Projections: 'cell_id + 1' } },
      ],
      extra_info: {},
    },
  ]);
  const columns: Record<string, string[]> = {
    weekly: ['species_code', 'week', 'cell_id', 'abundance', 'count', 'common'],
    cells: ['cell_id', 'lon', 'lat'],
    seasons: ['species_code', 'season'],
  };
  const needs = tableNeeds(['weekly', 'cells', 'seasons'], scansInPlan(plan), (table) => columns[table]);

  it('gives each scan its rows and the columns it outputs or filters on', () => {
    const weekly = needs.get('weekly');
    expect(
      weekly === 'all'
        ? 'all'
        : weekly?.map((scan) => ({ rows: Object.fromEntries(scan.rows), columns: [...scan.columns].sort() })),
    ).toEqual([
      {
        rows: { species_code: { kind: 'values', values: ['a'] }, week: { kind: 'values', values: [3] } },
        columns: ['abundance', 'cell_id', 'species_code', 'week'],
      },
      // Empty projections: DuckDB did not print the columns, so every one is read.
      { rows: {}, columns: ['abundance', 'cell_id', 'common', 'count', 'species_code', 'week'] },
    ]);
  });

  it('a projection that is not a column name reads every column; a table with no scan in the plan is needed whole', () => {
    const cells = needs.get('cells');
    expect(cells === 'all' ? 'all' : cells?.map((scan) => [...scan.columns].sort())).toEqual([
      ['cell_id', 'lat', 'lon'],
    ]);
    expect(needs.get('seasons')).toBe('all');
  });
});

describe('mayHold compares a need with a row group’s statistics', () => {
  it('keeps the groups whose span may hold a needed value and drops the rest', () => {
    expect(mayHold({ kind: 'values', values: [24] }, 24, 24)).toBe(true);
    expect(mayHold({ kind: 'values', values: [24] }, 25, 26)).toBe(false);
    expect(mayHold({ kind: 'range', min: 18, max: 19 }, 19, 20)).toBe(true);
    expect(mayHold({ kind: 'range', min: 18, max: 19 }, 20, 21)).toBe(false);
    expect(mayHold({ kind: 'range', max: 5 }, 6, 9)).toBe(false);
    expect(mayHold({ kind: 'values', values: ['yebsap'] }, 'amerob', 'amerob')).toBe(false);
    expect(mayHold({ kind: 'values', values: [3] }, 1n, 4n)).toBe(true);
  });

  it('keeps a group whose statistics are missing or of another type', () => {
    expect(mayHold({ kind: 'values', values: [3] }, undefined, undefined)).toBe(true);
    expect(mayHold({ kind: 'values', values: ['3'] }, 5, 9)).toBe(true);
  });
});
