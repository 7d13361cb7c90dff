import type { FileMetaData } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { mayHold, mustHold, rowNeed, scansInPlan, tableNeeds } from './scan-needs';
import { rowGroupMustHold } from './table-loader';

const WEEK_20 = { kind: 'values', values: [20] } as const;

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

describe('mustHold proves from a row group’s statistics that every row satisfies a need', () => {
  it('holds for one value the need lists, or numbers inside a range', () => {
    expect(mustHold({ kind: 'values', values: ['yebsap'] }, 'yebsap', 'yebsap')).toBe(true);
    expect(mustHold({ kind: 'values', values: [20, 21] }, 21, 21)).toBe(true);
    expect(mustHold({ kind: 'values', values: [3] }, 3n, 3n)).toBe(true);
    expect(mustHold({ kind: 'range', min: 18, max: 22 }, 19, 22)).toBe(true);
    expect(mustHold({ kind: 'range', min: 18 }, 18, 40)).toBe(true);
  });

  it('does not hold where some row may fail, or where it cannot tell', () => {
    // Two values in the group: {20, 21} does not say that no 20.5 or other value lies between.
    expect(mustHold({ kind: 'values', values: [20, 21] }, 20, 21)).toBe(false);
    expect(mustHold({ kind: 'values', values: ['yebsap'] }, 'amerob', 'amerob')).toBe(false);
    expect(mustHold({ kind: 'range', min: 18, max: 22 }, 17, 20)).toBe(false);
    expect(mustHold({ kind: 'range', max: 5 }, 1, 6)).toBe(false);
    expect(mustHold({ kind: 'values', values: [Number.NaN] }, Number.NaN, Number.NaN)).toBe(false);
    expect(mustHold({ kind: 'values', values: [3] }, undefined, undefined)).toBe(false);
    expect(mustHold({ kind: 'range', min: '3' }, '4', '5')).toBe(false);
  });
});

describe('rowGroupMustHold reads the proof from a row group’s column statistics', () => {
  const group = (statistics: Record<string, unknown>) =>
    ({
      row_groups: [{ columns: [{ meta_data: { path_in_schema: ['week'], statistics } }] }],
    }) as unknown as FileMetaData;

  it('holds for a column with one needed value and no NULL', () => {
    expect(
      rowGroupMustHold(group({ min_value: 20, max_value: 20, null_count: 0n }), 0, 'week', WEEK_20),
    ).toBe(true);
  });

  it('does not hold with a NULL in the group (NULL = 20 is not true), unknown NULLs or another column', () => {
    expect(
      rowGroupMustHold(group({ min_value: 20, max_value: 20, null_count: 1n }), 0, 'week', WEEK_20),
    ).toBe(false);
    expect(rowGroupMustHold(group({ min_value: 20, max_value: 20 }), 0, 'week', WEEK_20)).toBe(false);
    expect(
      rowGroupMustHold(group({ min_value: 20, max_value: 20, null_count: 0n }), 0, 'cell_id', WEEK_20),
    ).toBe(false);
  });
});
