/**
 * The page takes a question from its first paint, before the agent worker has opened the data:
 * that question must wait for `init` and be answered, not fail with not_ready. Real engine
 * (DuckDB-WASM Node build), real registry, the offline reader, over a real MessageChannel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent';
import { createNodeEngine } from '../../src/engine/node-engine';
import { createOfflineModel } from '../../src/models/offline';
import { createAgentService } from '../../src/worker/agent-service';
import { createAgentHost, type AgentHost } from '../../src/worker/host';
import type { WorkerResponse } from '../../src/worker/protocol';
import { localRanges } from '../helpers/local-ranges';

const data = process.env.PERCH_TEST_DATA;
if (!data)
  console.warn(
    '[ask-while-opening.test] skipped: PERCH_TEST_DATA is not set (../shared/data/ebirdst-example missing)',
  );

const channels: MessageChannel[] = [];
const hosts: AgentHost[] = [];
afterEach(() => {
  for (const host of hosts.splice(0)) host.close();
  for (const channel of channels.splice(0)) channel.port1.close();
});

/** A service whose data opens only when `open()` is called, and the page's host talking to it. */
function slowOpeningWorker(
  dataDir: string,
  engineOptions: Partial<Parameters<typeof createNodeEngine>[0]> = {},
  /** Sees each message the worker posts, when it posts it. */
  onPost: (message: WorkerResponse) => void = () => {},
) {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const channel = new MessageChannel();
  const service = createAgentService({
    startEngine: async (_url, onProgress) => {
      await opened;
      return createNodeEngine({ ...engineOptions, dataDir, onProgress } as Parameters<
        typeof createNodeEngine
      >[0]);
    },
    probeRanges: localRanges,
    createModel: () => createOfflineModel(),
    post: (message, transfer = []) => {
      onPost(message);
      channel.port1.postMessage(message, transfer);
    },
  });
  channel.port1.addEventListener('message', (event: MessageEvent) => void service.handle(event.data));
  channel.port1.start();
  const host = createAgentHost(channel.port2 as unknown as Parameters<typeof createAgentHost>[0]);
  channel.port2.start();
  channels.push(channel);
  hosts.push(host);
  return { host, open };
}

describe.skipIf(!data)('a question asked while the data opens', () => {
  it('waits for init and is answered with figures, not not_ready', async () => {
    const { host, open } = slowOpeningWorker(data!);
    const events: AgentEvent[] = [];
    host.onAgentEvent((event) => events.push(event));
    const init = host.request('init', { dataUrl: data! });
    const asked = host.request('ask', {
      turnId: 't1',
      question: 'When is the Yellow-bellied Sapsucker most common in Michigan?',
      model: { kind: 'offline' },
    });
    // The question is in the worker before the data is open; nothing has answered it yet.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.some((event) => event.type === 'turn-end' || event.type === 'turn-error')).toBe(false);
    open();
    await expect(init).resolves.toMatchObject({ datasets: expect.arrayContaining(['weekly']) });
    await expect(asked).resolves.toEqual({ turnId: 't1' });
    const end = events.find(
      (event): event is Extract<AgentEvent, { type: 'turn-end' }> => event.type === 'turn-end',
    );
    expect(events.some((event) => event.type === 'turn-error')).toBe(false);
    // numpy on the original rasters: the Michigan peak is the week of 2023-04-19.
    expect(end?.summary.answer).toContain('19 April');
  });

  it('after init, the small tables load before any question is asked', async () => {
    const { host, open } = slowOpeningWorker(data!);
    const loaded: string[] = [];
    host.onPush((message) => {
      if (message.type === 'engine-progress' && message.stage === 'table-load' && message.table)
        loaded.push(message.table);
    });
    open();
    await host.request('init', { dataUrl: data! });
    await expect
      .poll(() => ['species', 'seasons', 'ranges', 'places'].every((table) => loaded.includes(table)), {
        timeout: 60_000,
      })
      .toBe(true);
    // The partitioned tables wait for a question that names a species; the regions' 1.5 MB of
    // boundaries, for a question (which reads their name columns only).
    expect(loaded).not.toContain('weekly');
    expect(loaded).not.toContain('regions');
  });

  it('with DuckDB started when needed (the page), the first question is answered without it; DuckDB starts after', async () => {
    const duckdbStarted: number[] = [];
    let answeredAt = 0;
    const { host, open } = slowOpeningWorker(
      data!,
      { duckdbStart: 'when-needed', onWorker: () => duckdbStarted.push(Date.now()) },
      (message) => {
        if (message.type === 'agent-event' && message.event.type === 'turn-end') answeredAt = Date.now();
      },
    );
    const events: AgentEvent[] = [];
    host.onAgentEvent((event) => events.push(event));
    open();
    await host.request('init', { dataUrl: data! });
    await host.request('ask', {
      turnId: 't3',
      question: 'When do Yellow-bellied Sapsuckers reach Michigan?',
      model: { kind: 'offline' },
    });
    expect(events.some((event) => event.type === 'turn-error')).toBe(false);
    expect(answeredAt).toBeGreaterThan(0);
    // Every query of the answer ran columnar: no DuckDB worker until the turn had ended…
    expect(duckdbStarted.filter((at) => at < answeredAt)).toEqual([]);
    // …and then one, for the queries outside the subset that may come.
    await expect.poll(() => duckdbStarted.length, { timeout: 10_000 }).toBe(1);
  });

  it('without init at all, a question still fails with not_ready and says what to do', async () => {
    const { host } = slowOpeningWorker(data!);
    await expect(
      host.request('ask', { turnId: 't2', question: 'When?', model: { kind: 'offline' } }),
    ).rejects.toMatchObject({ code: 'not_ready', message: expect.stringContaining('Wait for the page') });
  });
});
