import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serialize } from '../registry';
import { exampleData, openHarness, type ToolHarness } from './test-support/tool-harness';

const dataDir = exampleData();
let harness: ToolHarness;
beforeAll(async () => {
  if (dataDir) harness = await openHarness(dataDir);
});
afterAll(async () => harness?.close());

describe.skipIf(!dataDir)('data_vocabulary on the real example', () => {
  it('names: the one species, the regions, the Michigan parts, the release, the trend years and the Michigan mask', async () => {
    const names = await harness.data('data_vocabulary', { part: 'names' });
    expect(names.species).toEqual([
      { code: 'yebsap', common_name: 'Yellow-bellied Sapsucker', scientific_name: 'Sphyrapicus varius' },
    ]);
    expect(names.truncated).toBe(false);
    expect(names.regions).toContainEqual(['USA-MI', 'Michigan', 'state', 'USA']);
    expect(names.regions).toContainEqual(['CAN', 'Canada', 'country', null]);
    expect(names.regions.length).toBeGreaterThan(250);
    const up = names.parts.find((part: { id: string }) => part.id === 'upper_peninsula');
    expect(up).toMatchObject({ name: 'Upper Peninsula', parent_code: 'USA-MI' });
    expect(up.aliases).toContain('the UP');
    expect(names.release).toBe(2023);
    expect(names.trendYears).toEqual({ start: 2012, end: 2022 });
    // The example's prediction area is cut to Michigan (FORMAT.md); a continent-wide one would match no state.
    expect(names.maskRegion).toBe('USA-MI');
  });

  it('places: towns on modelled cells first as [name, region, lon, lat, population] tuples, within the 16 KB budget', async () => {
    const outcome = await harness.call('data_vocabulary', { part: 'places' });
    expect(outcome.envelope.ok).toBe(true);
    const data = (
      outcome.envelope as {
        data: { places: [string, string | null, number, number, number][]; truncated?: boolean };
      }
    ).data;
    expect(data.truncated).toBe(false);
    expect(new TextEncoder().encode(serialize(outcome.envelope)).length).toBeLessThanOrEqual(16_384);
    const marquette = data.places.find(([name, region]) => name === 'Marquette' && region === 'USA-MI');
    expect(marquette).toBeDefined();
    expect(Math.abs(marquette![2] - -87.3954)).toBeLessThan(0.05);
    expect(Math.abs(marquette![3] - 46.5436)).toBeLessThan(0.05);
    // Towns on modelled cells come first, so the 300 kept are mostly Michigan's (the mask), not Chicago's suburbs.
    const michigan = data.places.filter(([, region]) => region === 'USA-MI');
    expect(michigan.length).toBeGreaterThan(200);
    expect(data.places.length).toBeLessThanOrEqual(300);
    for (const town of ['Ironwood', 'Houghton', 'Sault Ste. Marie', 'Traverse City', 'Kalamazoo', 'Detroit'])
      expect(michigan.map(([name]) => name)).toContain(town);
  });
});
