import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTurn, type TurnResult } from '../../src/agent';
import { createNodeEngine } from '../../src/engine/node-engine';
import { previewRows } from '../../src/engine/preview-rows';
import type { Engine } from '../../src/engine/types';
import type { ModelConversation } from '../../src/models/model-adapter';
import { createOfflineModel } from '../../src/models/offline';
import { buildData } from '../../src/pipeline';
import type { Registry, Session } from '../../src/registry';
import { createPerchRegistry } from '../../src/tools';

/**
 * The offline agent on the simulated demo build (three fictional species), where the real
 * example cannot go: comparing two species, asking which species when none is named, and saying
 * "simulated". Expected figures come from SQL run directly on the engine, not through the tools.
 */
describe('the offline agent on the simulated demo', () => {
  let folder: string;
  let engine: Engine;
  let registry: Registry;
  let session: Session;
  let turn = 0;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'perch-offline-sim-'));
    await buildData({ outDir: folder, simulate: { species: 3, cells: 400 } });
    engine = await createNodeEngine({ dataDir: folder });
    registry = createPerchRegistry({ engine });
    session = { id: 'offline-sim', datasets: Object.keys(engine.catalog.tables) };
  });
  afterAll(async () => {
    await engine?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const ask = (question: string, conversation: ModelConversation): Promise<TurnResult> =>
    runTurn({ registry, agent: 'offline', session, conversation, modelId: 'offline', question, turnId: `s${++turn}`, signal: new AbortController().signal, emit: () => {} });

  async function direct(sql: string): Promise<Record<string, any>[]> {
    const result = await engine.query(sql, { scope: Object.keys(engine.catalog.tables) });
    return previewRows(result.table, 100);
  }

  it('compares two species: both peaks, each as the engine computes it, and says the data is simulated', async () => {
    const species = await direct('SELECT species_code, common_name FROM species ORDER BY species_code');
    const [a, b] = species as { species_code: string; common_name: string }[];
    const result = await ask(`Compare the ${a!.common_name} and the ${b!.common_name}`, createOfflineModel().startConversation({ system: '', tools: [] }));
    expect(result.end).toBe('answered');
    const answer = result.summary.answer;
    expect(answer).toMatch(/^Simulated data: .* are fictional species/);
    for (const row of [a!, b!]) {
      const [peak] = await direct(`SELECT week, avg(abundance) AS mean FROM weekly WHERE species_code = '${row.species_code}' GROUP BY week ORDER BY mean DESC LIMIT 1`);
      const written = answer.match(new RegExp(`${row.common_name} peaks[^.]*?mean relative abundance of (\\d+(?:\\.\\d+)?)`))?.[1];
      expect(Math.abs(Number(written) - peak!.mean) / peak!.mean, `${row.common_name} peak in: ${answer}`).toBeLessThan(0.001);
    }
    expect(answer).toMatch(/is the more abundant of the two/);
  });

  it('a question naming no species, with several in the data, asks which one and continues with the answer', async () => {
    const conversation = createOfflineModel().startConversation({ system: '', tools: [] });
    const first = await ask('When do they arrive?', conversation);
    expect(first.end).toBe('asked');
    const askCall = first.summary.calls.find((call) => call.name === 'ask_user')!;
    const options = (askCall.arguments as { options: string[] }).options;
    expect(options).toHaveLength(3);
    const second = await ask(options[1]!, conversation);
    expect(second.end).toBe('answered');
    const series = second.summary.calls.find((call) => call.name === 'weekly_series')!;
    expect(options[1]).toContain(`(${(series.arguments as { species: string }).species})`);
    expect(second.summary.answer).toContain('arrives');
  });
});
