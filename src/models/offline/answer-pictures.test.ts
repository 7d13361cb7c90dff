import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentEvent, runTurn } from '../../agent';
import { previewRows } from '../../engine';
import { createNodeEngine } from '../../engine/node-engine';
import type { Engine } from '../../engine/types';
import type { ChartPayload, MapLayerPayload, Payload } from '../../payloads';
import type { Registry, Session } from '../../registry';
import { createPerchRegistry } from '../../tools';
import { exampleData } from '../../tools/test-support/tool-harness';
import type { ModelConversation } from '../model-adapter';
import { createOfflineModel } from './create-offline-model';

/**
 * The offline agent end to end — runTurn → the real registry → query_status → DuckDB over the
 * real example — draws a picture for each kind of answer: the payloads a turn sends the page.
 */
const dataDir = exampleData();
let engine: Engine;
let registry: Registry;
let session: Session;
beforeAll(async () => {
  if (!dataDir) return;
  engine = await createNodeEngine({ dataDir });
  // The registry's 15 s deadline is not what this file tests: with seven test runs on two cores
  // (load average 20) the first, cold query_status took longer and timed out.
  registry = createPerchRegistry({ engine }, { limits: { timeoutMs: 120_000 } });
  session = { id: 'answer-pictures', datasets: Object.keys(engine.catalog.tables) };
});
afterAll(async () => engine?.close());

let turn = 0;
async function ask(conversation: ModelConversation, question: string): Promise<Payload[]> {
  const events: AgentEvent[] = [];
  const result = await runTurn({
    registry,
    agent: 'offline',
    session,
    conversation,
    modelId: 'offline',
    question,
    turnId: `t${++turn}`,
    signal: new AbortController().signal,
    emit: (event) => events.push(event),
  });
  const payloads = events.flatMap((event) => (event.type === 'payload-add' ? [event.payload] : []));
  // A turn that draws nothing says why in the failure: its answer.
  if (payloads.length === 0)
    console.warn(`[answer-pictures] "${question}" drew nothing: ${result.summary.answer}`);
  return payloads;
}

const layers = (payloads: Payload[]) =>
  payloads.filter((payload): payload is MapLayerPayload => payload.kind === 'map-layer');
const charts = (payloads: Payload[]) =>
  payloads.filter((payload): payload is ChartPayload => payload.kind === 'chart');

async function rows(sql: string, scope: string[]): Promise<Record<string, unknown>[]> {
  const result = await engine.query(sql, { scope });
  return previewRows(result.table, result.table.numRows);
}

const conversation = () => createOfflineModel().startConversation({ system: '', tools: [] });

describe.skipIf(!dataDir)('the offline agent draws every kind of answer', () => {
  it('a trend question, then "how big is its breeding range?" and "where is its range in winter?": a diverging trend map, then each season\'s range outline', async () => {
    const talk = conversation();
    const trend = layers(
      await ask(
        talk,
        'Is the Yellow-bellied Sapsucker breeding population in Michigan increasing or decreasing?',
      ),
    );
    expect(trend).toHaveLength(1);
    expect(trend[0]).toMatchObject({ measure: 'trend', scale: 'diverging', geometry: 'point' });
    const cells = await rows(
      "SELECT abd_ppy, abd_ppy_nonzero FROM trends WHERE species_code = 'yebsap' AND season = 'breeding' ORDER BY abd_ppy",
      ['trends'],
    );
    expect([...trend[0]!.values].sort((a, b) => a - b)).toEqual(
      cells.map((row) => Math.fround(Number(row.abd_ppy))),
    );
    expect(trend[0]!.uncertain!.reduce((sum, flag) => sum + flag, 0)).toBe(
      cells.filter((row) => !row.abd_ppy_nonzero).length,
    );

    const breeding = layers(await ask(talk, 'How big is its breeding range?'));
    expect(breeding.map((layer) => layer.name)).toEqual(['Yellow-bellied Sapsucker: breeding range']);
    expect(breeding[0]).toMatchObject({ geometry: 'polygon', style: 'outline', measure: 'range' });

    const winter = layers(await ask(talk, 'Where is its range in winter?'));
    expect(winter.map((layer) => layer.name)).toEqual(['Yellow-bellied Sapsucker: nonbreeding range']);
    expect(winter[0]).toMatchObject({ geometry: 'polygon', style: 'outline' });
    // Two seasons, two outlines: eBird's breeding red and nonbreeding blue, not one colour for both.
    expect(winter[0]!.color).not.toBe(breeding[0]!.color);
  });

  it('"In which season is it most common in Michigan?" draws a bar per season and no map', async () => {
    const talk = conversation();
    await ask(talk, 'When does the Yellow-bellied Sapsucker peak in Michigan?');
    const payloads = await ask(talk, 'In which season is it most common in Michigan?');
    expect(layers(payloads)).toEqual([]);
    const [chart] = charts(payloads);
    expect(chart).toMatchObject({ chartType: 'bar' });
    const seasons = await rows("SELECT season FROM seasons WHERE species_code = 'yebsap'", ['seasons']);
    expect(chart!.columns.label).toHaveLength(seasons.length);
  });

  it('"How likely am I to see one near Traverse City in early May?" draws a chance map', async () => {
    const talk = conversation();
    await ask(talk, 'When does the Yellow-bellied Sapsucker peak in Michigan?');
    const [layer] = layers(await ask(talk, 'How likely am I to see one near Traverse City in early May?'));
    expect(layer).toMatchObject({ measure: 'occurrence', scale: 'sequential' });
  });
});
