/**
 * The page's host talking to the agent service over a real MessageChannel, with the real
 * engine (DuckDB-WASM Node build), the real registry and tools, and a scripted model.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent';
import { createNodeEngine } from '../../src/engine/node-engine';
import type { ModelAdapter } from '../../src/models/model-adapter';
import type { ScriptedStep } from '../../src/models/scripted-model';
import { createAgentService } from '../../src/worker/agent-service';
import { createAgentHost, type AgentHost, type WorkerPush } from '../../src/worker/host';
import { localRanges } from '../helpers/local-ranges';

const data = process.env.PERCH_TEST_DATA;
if (!data)
  console.warn(
    '[agent-worker.test] skipped: PERCH_TEST_DATA is not set (../shared/data/ebirdst-example missing)',
  );

describe.skipIf(!data)('agent worker over a MessageChannel', () => {
  let host: AgentHost;
  let script: ScriptedStep[] = [];
  // The service keeps one conversation per model choice across turns (follow-ups need it), so
  // the test model reads its next step from whatever `script` holds now.
  const queuedModel: ModelAdapter = {
    id: 'queued',
    provider: 'gemini',
    needsNetwork: false,
    startConversation: () => ({
      async next(_input, options) {
        if (options.signal.aborted) throw options.signal.reason;
        return script.shift() ?? { text: '(no more steps)', calls: [] };
      },
    }),
  };
  const events: AgentEvent[] = [];
  const pushes: WorkerPush[] = [];
  let channel: MessageChannel;

  beforeAll(async () => {
    channel = new MessageChannel();
    const service = createAgentService({
      startEngine: (_url, onProgress) => createNodeEngine({ dataDir: data!, onProgress }),
      probeRanges: localRanges,
      createModel: () => queuedModel,
      post: (message, transfer = []) => channel.port1.postMessage(message, transfer),
      readDataFile: async (dir, path) => JSON.parse(readFileSync(join(dir, path), 'utf8')),
    });
    channel.port1.addEventListener('message', (event: MessageEvent) => void service.handle(event.data));
    channel.port1.start();
    host = createAgentHost(channel.port2 as unknown as Parameters<typeof createAgentHost>[0]);
    channel.port2.start();
    host.onAgentEvent((event) => events.push(event));
    host.onPush((message) => pushes.push(message));
    const init = await host.request('init', { dataUrl: data! });
    expect(init.datasets).toContain('weekly');
  });

  afterAll(() => {
    host?.close();
    channel?.port1.close();
  });

  it('basemap returns basemap.json decoded: land, lakes, coastlines, borders and town labels', async () => {
    const { basemap } = await host.request('basemap', {});
    expect(basemap.land.polygonStarts.length).toBeGreaterThan(50);
    expect(basemap.lakes.polygonStarts.length).toBeGreaterThan(5);
    expect(basemap.coastlines.pathStarts.length).toBeGreaterThan(5);
    expect(basemap.stateBorders.pathStarts.length).toBeGreaterThan(5);
    expect(basemap.towns.names).toEqual(expect.arrayContaining(['Detroit', 'Lansing']));
    expect(basemap.sources.join(' ')).toContain('Natural Earth');
  });

  it('a turn streams its events in order, payloads arrive as typed arrays, and the audit has one row per call', async () => {
    events.length = 0;
    script = [
      {
        text: '',
        calls: [
          { id: 'c1', name: 'weekly_series', arguments: { species: 'Yellow-bellied Sapsucker' } },
          {
            id: 'c2',
            name: 'run_sql',
            arguments: {
              sql: "SELECT * FROM read_csv('https://example.invalid/x.csv')",
              purpose: 'exfiltrate',
            },
          },
          { id: 'c3', name: 'weekly_series', arguments: { species: 'yebsap', datasets: ['secret_table'] } },
        ],
      },
      { text: 'The peak is in week 16.', calls: [] },
    ];
    const before = (await host.request('audit-list', {})).entries.length;
    await host.request('ask', { turnId: 't1', question: 'When is the peak?', model: { kind: 'offline' } });
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('turn-start');
    expect(types.at(-1)).toBe('turn-end');
    const results = events.filter(
      (event): event is Extract<AgentEvent, { type: 'tool-result' }> => event.type === 'tool-result',
    );
    expect(results.map((result) => [result.callId, result.ok, result.code ?? null])).toEqual([
      ['c1', true, null],
      ['c2', false, 'sql_rejected'],
      ['c3', false, 'invalid_arguments'],
    ]);
    const chart = events.find((event) => event.type === 'payload-add');
    expect(chart).toMatchObject({ payload: { kind: 'chart' } });
    const audit = (await host.request('audit-list', {})).entries.slice(before);
    expect(audit.map((entry) => entry.outcome)).toEqual(['ok', 'failed', 'refused']);
    expect(audit[2]!.refused_keys).toEqual(['datasets']);
  });

  it('a where_is map layer crosses the boundary as transferred typed arrays', async () => {
    events.length = 0;
    script = [
      { text: '', calls: [{ id: 'm1', name: 'where_is', arguments: { species: 'yebsap', week: 24 } }] },
      { text: 'Mapped.', calls: [] },
    ];
    await host.request('ask', { turnId: 't2', question: 'Where in week 24?', model: { kind: 'offline' } });
    const layer = events.find(
      (event): event is Extract<AgentEvent, { type: 'payload-add' }> =>
        event.type === 'payload-add' && event.payload.kind === 'map-layer',
    );
    expect(layer?.payload.kind === 'map-layer' && layer.payload.values).toBeInstanceOf(Float32Array);
    expect(layer?.payload.kind === 'map-layer' && layer.payload.featureCount).toBe(293);
  });

  it('a write proposal reaches the page as a card; deny is recorded and nothing runs', async () => {
    events.length = 0;
    script = [
      {
        text: '',
        calls: [
          {
            id: 'w1',
            name: 'add_dataset_from_url',
            arguments: { url: 'http://127.0.0.1:9/none.csv', name: 'extra' },
          },
        ],
      },
      { text: 'Proposed.', calls: [] },
    ];
    await host.request('ask', { turnId: 't3', question: 'Add my data', model: { kind: 'offline' } });
    const need = events.find(
      (event): event is Extract<AgentEvent, { type: 'approval-need' }> => event.type === 'approval-need',
    );
    expect(need?.card.tool).toBe('add_dataset_from_url');
    const denied = await host.request('deny', { cardId: need!.card.id });
    expect(denied.ok).toBe(true);
    const again = await host.request('approve', { cardId: need!.card.id, arguments: need!.card.arguments });
    expect(again).toMatchObject({ ok: false, message: expect.stringContaining('approval_used') });
    const audit = (await host.request('audit-list', {})).entries;
    expect(audit.slice(-2).map((entry) => entry.outcome)).toEqual(['denied', 'refused']);
  });

  it('Stop during a slow query ends the turn as stopped and the next question works', async () => {
    events.length = 0;
    script = [
      {
        text: '',
        calls: [
          {
            id: 's1',
            name: 'compute_stats',
            arguments: {
              sql: 'SELECT sum(a.range * b.range) AS v FROM range(0, 200000) a, range(0, 200000) b',
              column: 'v',
            },
          },
        ],
      },
      { text: 'never', calls: [] },
    ];
    const asked = host.request('ask', { turnId: 't4', question: 'slow', model: { kind: 'offline' } });
    await new Promise<void>((resolve) => {
      const stop = host.onAgentEvent((event) => {
        if (event.type === 'tool-call') {
          stop();
          resolve();
        }
      });
    });
    await host.request('stop', { turnId: 't4' });
    await asked;
    expect(events.at(-1)).toMatchObject({ type: 'turn-error', code: 'turn_stopped' });
    events.length = 0;
    script = [
      { text: '', calls: [{ id: 'n1', name: 'species_profile', arguments: { species: 'yebsap' } }] },
      { text: 'ok', calls: [] },
    ];
    await host.request('ask', { turnId: 't5', question: 'profile', model: { kind: 'offline' } });
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({ ok: true });
  });

  it('a dropped CSV file is added as a table of this session and can be queried', async () => {
    const csv = 'site,count\n"Tawas Point, MI",12\nWhitefish Point,7\n';
    const added = await host.request('file-add', {
      name: 'My Counts.csv',
      bytes: new TextEncoder().encode(csv).buffer as ArrayBuffer,
    });
    expect(added).toEqual({ table: 'my_counts', rows: 2 });
    events.length = 0;
    script = [
      {
        text: '',
        calls: [
          {
            id: 'f1',
            name: 'compute_stats',
            arguments: { sql: 'SELECT count FROM my_counts', column: 'count' },
          },
        ],
      },
      { text: 'ok', calls: [] },
    ];
    await host.request('ask', { turnId: 't6', question: 'stats', model: { kind: 'offline' } });
    const audit = (await host.request('audit-list', {})).entries.at(-1)!;
    expect(audit).toMatchObject({ tool: 'compute_stats', outcome: 'ok' });
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({ ok: true });
  });

  it('a request before init, or an unknown scope, is refused as data', async () => {
    await expect(host.request('scope-set', { datasets: ['weekly', 'no_such_table'] })).rejects.toMatchObject({
      code: 'unknown_dataset',
    });
  });
});
