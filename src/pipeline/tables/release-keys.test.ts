import { afterEach, describe, expect, it } from 'vitest';
import { ReleaseKeys } from './release-keys';
import { Stage } from './stage';

let stage: Stage | undefined;
afterEach(() => stage?.close());

async function codes(table: string): Promise<string[]> {
  const result = await stage!.connection.runAndReadAll(
    `SELECT DISTINCT species_code FROM "${table}" ORDER BY 1`,
  );
  return result.getRows().map((row) => String(row[0]));
}

describe('ReleaseKeys', () => {
  it('keeps the newest release under the plain code and renames an older one already staged', async () => {
    stage = await Stage.open();
    const keys = new ReleaseKeys(stage);
    const first = await keys.admit({
      taxon: 'yebsap',
      release: 2022,
      runName: 'yebsap-example',
      folder: 'a',
    });
    expect(first).toMatchObject({ kind: 'new', key: 'yebsap' });
    await stage.append('weekly', [{ species_code: 'yebsap', week: 1, cell_id: 1, abundance: 0.5 }]);
    await stage.append('species', [{ species_code: 'yebsap', release: 2022, common_name: 'Y' }]);

    const second = await keys.admit({
      taxon: 'yebsap',
      release: 2023,
      runName: 'yebsap-example',
      folder: 'b',
    });
    expect(second.kind).toBe('new');
    expect(second.kind === 'new' && second.key).toBe('yebsap');
    expect(second.kind === 'new' && second.note).toMatch(/releases 2022 and 2023: kept apart/);
    // The 2022 rows were renamed before the 2023 ones arrive: no table mixes the two releases.
    expect(await codes('weekly')).toEqual(['yebsap-2022']);
    expect(await codes('species')).toEqual(['yebsap-2022']);
    expect(keys.list().map((entry) => [entry.key, entry.release])).toEqual([
      ['yebsap-2022', 2022],
      ['yebsap', 2023],
    ]);
  });

  it('files an older release that arrives second under <code>-<release>', async () => {
    stage = await Stage.open();
    const keys = new ReleaseKeys(stage);
    await keys.admit({ taxon: 'yebsap', release: 2023, runName: 'yebsap-example', folder: 'a' });
    const older = await keys.admit({
      taxon: 'yebsap',
      release: 2021,
      runName: 'yebsap-example',
      folder: 'b',
    });
    expect(older.kind === 'new' && older.key).toBe('yebsap-2021');
  });

  it('reads one species and release once, however many times it is passed', async () => {
    stage = await Stage.open();
    const keys = new ReleaseKeys(stage);
    await keys.admit({ taxon: 'yebsap', release: 2023, runName: 'yebsap-example', folder: '/a/yebsap' });
    const again = await keys.admit({
      taxon: 'yebsap',
      release: 2023,
      runName: 'yebsap',
      folder: '/copy/yebsap',
    });
    expect(again.kind).toBe('duplicate');
    expect(again.kind === 'duplicate' && again.note).toMatch(/\/copy\/yebsap.*read once/);
    expect(keys.list()).toHaveLength(1);
  });

  it('links trends to the status release of the same year, else the newest', async () => {
    stage = await Stage.open();
    const keys = new ReleaseKeys(stage);
    await keys.admit({ taxon: 'yebsap', release: 2022, runName: 'yebsap-example', folder: 'a' });
    await keys.admit({ taxon: 'yebsap', release: 2023, runName: 'yebsap-example', folder: 'b' });
    expect(keys.trendsKey('yebsap-example', 2022)).toBe('yebsap-2022');
    expect(keys.trendsKey('yebsap-example', 2021)).toBe('yebsap');
    expect(keys.trendsKey('other-example', 2022)).toBeUndefined();
  });
});
