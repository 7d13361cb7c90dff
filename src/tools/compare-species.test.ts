import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildData } from '../pipeline';
import { previewRows } from '../engine';
import type { ChartPayload, MapLayerPayload } from '../payloads';
import { openHarness, type ToolHarness } from './test-support/tool-harness';

// The example holds one species, so the comparison uses two fictional species built here with the
// pipeline's own generator (buildData with `simulate`), read through the same engine and tools.
let harness: ToolHarness;
beforeAll(async () => {
  const outDir = join(mkdtempSync(join(tmpdir(), 'perch-tools-sim-')), 'data');
  await buildData({ simulate: { species: 2, cells: 300 }, outDir });
  harness = await openHarness(outDir);
});
afterAll(async () => harness?.close());

describe('comparing two species', () => {
  it('two where_is calls add two layers, each with its own colour, species and query', async () => {
    const first = await harness.call('where_is', { species: 'sim001', week: 24 });
    const second = await harness.call('where_is', { species: 'Simulated Thrush', week: 24 });
    const layers = [first, second].map(
      (outcome) =>
        outcome.attachments.find((attachment) => attachment.kind === 'map-layer')!.payload as MapLayerPayload,
    );
    expect(layers.map((layer) => layer.name)).toEqual([
      'Simulated Warbler: week 24 (2023-06-14)',
      'Simulated Thrush: week 24 (2023-06-14)',
    ]);
    expect(layers[0].color).not.toBe(layers[1].color);
    expect(layers[0].sql).toContain("'sim001'");
    expect(layers[1].sql).toContain("'sim002'");
    expect(layers.every((layer) => layer.featureCount === 300)).toBe(true);
    const data = (second.envelope as { data: { caveats: string[] } }).data;
    expect(data.caveats[0]).toMatch(/^SIMULATED species/);
  });

  it('a season that failed review is flagged in the answer', async () => {
    const result = await harness.data('seasonal_summary', { species: 'sim001' });
    expect(result.caveats.join(' ')).toMatch(/nonbreeding season FAILED eBird's expert review/);
    expect(result.ranking).not.toContain('nonbreeding');
  });

  it('query_status comparing two species draws two layers of one measure and a chart with one series per species', async () => {
    const outcome = await harness.call('query_status', {
      species: ['sim001', 'sim002'],
      measure: 'abundance',
      operation: 'which_larger',
      times: [{ kind: 'season', season: 'breeding' }],
      places: [],
    });
    expect(outcome.envelope.ok).toBe(true);
    const layers = outcome.attachments
      .filter((attachment) => attachment.kind === 'map-layer')
      .map((attachment) => attachment.payload as MapLayerPayload);
    expect(layers).toHaveLength(2);
    expect(layers.map((layer) => layer.measure)).toEqual(['abundance', 'abundance']);
    expect(layers[0]!.color).not.toBe(layers[1]!.color);
    expect(layers[0]!.sql).toContain("'sim001'");
    expect(layers[1]!.sql).toContain("'sim002'");
    const charts = outcome.attachments
      .filter((attachment) => attachment.kind === 'chart')
      .map((attachment) => attachment.payload as ChartPayload);
    expect(charts).toHaveLength(1);
    const chart = charts[0]!;
    expect(chart.series).toBe('subject');
    const names = ['Simulated Warbler', 'Simulated Thrush'];
    expect([...new Set(chart.columns.subject)]).toEqual(names);
    // Each series is that species' weekly mean over modelled cells through the year, read here with our own SQL.
    for (const [index, code] of ['sim001', 'sim002'].entries()) {
      const direct = await harness.engine.query(
        `SELECT week, avg(abundance) AS value FROM weekly WHERE species_code = '${code}' GROUP BY week ORDER BY week`,
        { scope: ['weekly'] },
      );
      const expected = previewRows(direct.table, direct.table.numRows) as { week: number; value: number }[];
      const mine = chart.columns.subject
        .map((subject, row) => ({ subject, week: chart.columns.week[row], value: chart.columns.value[row] }))
        .filter((row) => row.subject === names[index]);
      expect(mine.map((row) => row.week)).toEqual(expected.map((row) => row.week));
      for (const [row, point] of mine.entries())
        expect(point.value as number).toBeCloseTo(expected[row]!.value, 9);
    }
  });
});
