/**
 * The `map-ask` request over a real MessageChannel: the real agent service, engine, registry and
 * tools. A click is one cell_weekly call under agent `map`, streamed as a turn (events in order,
 * one audit row, the cell's chart), answered in one line whose figures link to that call.
 */
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent';
import { createNodeEngine } from '../../src/engine/node-engine';
import { formatDate, formatFigure } from '../../src/models/offline/format-figure';
import type { ModelAdapter } from '../../src/models/model-adapter';
import type { ScriptedStep } from '../../src/models/scripted-model';
import { AGENTS } from '../../src/tools';
import { createAgentService } from '../../src/worker/agent-service';
import { createAgentHost, type AgentHost } from '../../src/worker/host';
import { NO_SUBJECT_ANSWER } from '../../src/worker/map-turn';
import { MAP_AGENT } from '../../src/worker/protocol';
import { localRanges } from '../helpers/local-ranges';

const data = process.env.PERCH_TEST_DATA;
if (!data)
  console.warn('[map-ask.test] skipped: PERCH_TEST_DATA is not set (../shared/data/ebirdst-example missing)');

describe('MAP_AGENT', () => {
  it('names an allow-list of the registry that holds cell_weekly only', () => {
    expect(AGENTS[MAP_AGENT]).toEqual(['cell_weekly']);
  });
});

describe.skipIf(!data)('map-ask over a MessageChannel', () => {
  let host: AgentHost;
  let script: ScriptedStep[] = [];
  const model: ModelAdapter = {
    id: 'queued',
    provider: 'gemini',
    needsNetwork: false,
    startConversation: () => ({ next: async () => script.shift() ?? { text: '(no more steps)', calls: [] } }),
  };
  const events: AgentEvent[] = [];
  let channel: MessageChannel;
  let read: (sql: string) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    channel = new MessageChannel();
    const service = createAgentService({
      startEngine: (_url, onProgress) => createNodeEngine({ dataDir: data!, onProgress }),
      probeRanges: localRanges,
      createModel: () => model,
      post: (message, transfer = []) => channel.port1.postMessage(message, transfer),
    });
    channel.port1.addEventListener('message', (event: MessageEvent) => void service.handle(event.data));
    channel.port1.start();
    host = createAgentHost(channel.port2 as unknown as Parameters<typeof createAgentHost>[0]);
    channel.port2.start();
    host.onAgentEvent((event) => events.push(event));
    // Before init: refused as not_ready, like every data request.
    await expect(
      host.request('map-ask', { turnId: 'early', question: 'here', lon: -87, lat: 46, week: 1 }),
    ).rejects.toMatchObject({ code: 'not_ready' });
    await host.request('init', { dataUrl: data! });
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    read = async (sql) =>
      (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  });

  afterAll(() => {
    host?.close();
    channel?.port1.close();
  });

  /** A cell of the build (the one with the highest chance of detection), a point 5 km off its centre (inside its 27 km square), and its weekly values, read here from the parquet. */
  async function ownRead(product: string) {
    const [cell] = await read(
      `SELECT w.cell_id, c.lon, c.lat FROM read_parquet('${join(data!, 'weekly/*.parquet')}') AS w JOIN read_parquet('${join(data!, 'cells.parquet')}') AS c USING (cell_id) ORDER BY w.${product} DESC NULLS LAST LIMIT 1`,
    );
    const weeks = (
      await read(
        `SELECT week, strftime(date, '%Y-%m-%d') AS date, ${product} AS value FROM read_parquet('${join(data!, 'weekly/*.parquet')}') WHERE cell_id = ${cell!.cell_id} ORDER BY week`,
      )
    ).map((row) => ({
      week: Number(row.week),
      date: String(row.date),
      value: row.value === null ? null : Number(row.value),
    }));
    return { point: { lon: Number(cell!.lon) + 0.05, lat: Number(cell!.lat) - 0.05 }, weeks };
  }

  it("a click after a query_status layer asks about that layer's species and measure: one call, one audit row, a chart, one line", async () => {
    script = [
      {
        text: '',
        calls: [
          {
            id: 'layer-call',
            name: 'query_status',
            arguments: {
              species: ['yebsap'],
              measure: 'occurrence',
              operation: 'when_highest',
              times: [],
              places: [],
            },
          },
        ],
      },
      { text: 'Done.', calls: [] },
    ];
    await host.request('ask', {
      turnId: 't1',
      question: 'When is the chance highest?',
      model: { kind: 'offline' },
    });
    events.length = 0;
    const auditBefore = (await host.request('audit-list', {})).entries.length;
    const { point, weeks } = await ownRead('occurrence');
    await host.request('map-ask', {
      turnId: 'm1',
      question: 'This place on the map',
      ...point,
      week: 15,
      layerCallId: 'layer-call',
    });
    expect(events.map((event) => event.type)).toEqual([
      'turn-start',
      'step-start',
      'tool-call',
      'audit-add',
      'tool-result',
      'payload-add',
      'turn-end',
    ]);
    const call = events.find((event) => event.type === 'tool-call') as Extract<
      AgentEvent,
      { type: 'tool-call' }
    >;
    expect(call).toMatchObject({
      name: 'cell_weekly',
      arguments: { species: 'yebsap', product: 'occurrence', ...point, week: 15 },
    });
    const audit = (await host.request('audit-list', {})).entries.slice(auditBefore);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      agent: MAP_AGENT,
      tool: 'cell_weekly',
      outcome: 'ok',
      call_id: call.callId,
    });

    const chart = events.find((event) => event.type === 'payload-add') as Extract<
      AgentEvent,
      { type: 'payload-add' }
    >;
    expect(chart.payload).toMatchObject({ kind: 'chart', callId: call.callId });
    expect(chart.payload.kind === 'chart' && chart.payload.title).toMatch(
      /^Yellow-bellied Sapsucker near .+, [A-Z]{2}$/,
    );

    const modelled = weeks.filter((row) => row.value !== null);
    const peak = modelled.reduce((best, row) => (row.value! > best.value! ? row : best));
    const thisWeek = weeks.find((row) => row.week === 15)!;
    const end = events.at(-1) as Extract<AgentEvent, { type: 'turn-end' }>;
    const town =
      chart.payload.kind === 'chart' ? chart.payload.title.replace('Yellow-bellied Sapsucker near ', '') : '';
    expect(end.summary.answer).toBe(
      `Near ${town}: chance of detection peaks around ${formatDate(peak.date)} (${formatFigure(peak.value!)}); this week (${formatDate(thisWeek.date)}) ${formatFigure(thisWeek.value!)}.`,
    );
    expect(end.summary.modelId).toBe('map');
    expect(end.summary.calls).toEqual([
      { callId: call.callId, name: 'cell_weekly', arguments: call.arguments },
    ]);
    expect(end.summary.provenance.map((figure) => [figure.figure, figure.callId])).toEqual([
      [formatFigure(peak.value!), call.callId],
      [formatFigure(thisWeek.value!), call.callId],
    ]);
  });

  it("with no layer the build's only species is asked about; a point off the cells answers in words, still audited", async () => {
    events.length = 0;
    const auditBefore = (await host.request('audit-list', {})).entries.length;
    await host.request('map-ask', { turnId: 'm2', question: 'here', lon: -82.9988, lat: 39.9612, week: 24 });
    const call = events.find((event) => event.type === 'tool-call') as Extract<
      AgentEvent,
      { type: 'tool-call' }
    >;
    expect(call.arguments).toMatchObject({ species: 'yebsap', product: 'abundance' });
    const end = events.at(-1) as Extract<AgentEvent, { type: 'turn-end' }>;
    expect(end.summary.answer).toMatch(/^No modelled cell holds the point 39\.96° N, 83\.00° W/);
    const audit = (await host.request('audit-list', {})).entries.slice(auditBefore);
    expect(audit.map((entry) => [entry.agent, entry.code])).toEqual([[MAP_AGENT, 'not_covered']]);
    expect(NO_SUBJECT_ANSWER).toMatch(/Ask about a species first/);
  });
});
