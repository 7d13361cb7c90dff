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
    runTurn({
      registry,
      agent: 'offline',
      session,
      conversation,
      modelId: 'offline',
      question,
      turnId: `s${++turn}`,
      signal: new AbortController().signal,
      emit: () => {},
    });

  async function direct(sql: string): Promise<Record<string, any>[]> {
    const result = await engine.query(sql, { scope: Object.keys(engine.catalog.tables) });
    return previewRows(result.table, 100);
  }

  it('compares two species: both year means, each as the engine computes it, the larger named, and says the data is simulated', async () => {
    const species = await direct('SELECT species_code, common_name FROM species ORDER BY species_code');
    const [a, b] = species as { species_code: string; common_name: string }[];
    const result = await ask(
      `Which is more common, the ${a!.common_name} or the ${b!.common_name}?`,
      createOfflineModel().startConversation({ system: '', tools: [] }),
    );
    expect(result.end).toBe('answered');
    const answer = result.summary.answer;
    expect(answer).toMatch(/^Simulated data: .* are fictional species/);
    const means: number[] = [];
    for (const row of [a!, b!]) {
      // Per cell the mean over the 52 weeks, then the mean over modelled cells: the rule query_status states.
      const [expected] = await direct(
        `SELECT avg(cell_mean) AS mean FROM (SELECT cell_id, avg(abundance) AS cell_mean FROM weekly WHERE species_code = '${row.species_code}' GROUP BY cell_id) WHERE cell_mean IS NOT NULL`,
      );
      const written = answer.match(new RegExp(`${row.common_name}: (\\d+(?:\\.\\d+)?)`))?.[1];
      expect(
        Math.abs(Number(written) - expected!.mean) / expected!.mean,
        `${row.common_name} mean in: ${answer}`,
      ).toBeLessThan(0.005);
      means.push(expected!.mean);
    }
    const larger = means[0]! >= means[1]! ? a! : b!;
    expect(answer).toContain(`higher for ${larger.common_name}`);
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
    const status = second.summary.calls.find((call) => call.name === 'query_status')!.arguments as {
      species: string[];
      operation: string;
    };
    const [chosen] = await direct(
      `SELECT species_code FROM species WHERE common_name = '${options[1]!.replace(/'/g, "''")}'`,
    );
    expect(status).toMatchObject({ species: [chosen!.species_code], operation: 'first_week_above' });
    expect(second.summary.answer).toContain(`The ${options[1]} arrives`);
  });
});
