/**
 * The system prompt a model starts with lists only the session's tables (issue 13): the agent
 * service over a real MessageChannel and the real engine, with a model that records its prompt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeEngine } from '../../src/engine/node-engine';
import type { ModelAdapter } from '../../src/models/model-adapter';
import { createAgentService } from '../../src/worker/agent-service';
import { type AgentHost, createAgentHost } from '../../src/worker/host';

const data = process.env.PERCH_TEST_DATA;
if (!data)
  console.warn(
    '[system-prompt-scope.test] skipped: PERCH_TEST_DATA is not set (../shared/data/ebirdst-example missing)',
  );

/** The `Tables:` section of a system prompt, one table name per line. */
function listedTables(system: string): string[] {
  const section = system.slice(system.indexOf('Tables:'));
  return [...section.matchAll(/^- ([a-z_][a-z0-9_]*):/gm)].map((match) => match[1]!);
}

describe.skipIf(!data)('the system prompt follows the session scope', () => {
  let host: AgentHost;
  let channel: MessageChannel;
  const prompts: string[] = [];
  const model: ModelAdapter = {
    id: 'recording',
    provider: 'gemini',
    needsNetwork: false,
    startConversation: ({ system }) => {
      prompts.push(system);
      return { next: async () => ({ text: 'ok', calls: [] }) };
    },
  };
  let catalogTables: string[] = [];

  beforeAll(async () => {
    channel = new MessageChannel();
    const service = createAgentService({
      startEngine: (_url, onProgress) => createNodeEngine({ dataDir: data!, onProgress }),
      probeRanges: async () => ({ supportsRanges: true, message: 'local files' }) as never,
      createModel: () => model,
      post: (message, transfer = []) => channel.port1.postMessage(message, transfer),
    });
    channel.port1.addEventListener('message', (event: MessageEvent) => void service.handle(event.data));
    channel.port1.start();
    host = createAgentHost(channel.port2 as unknown as Parameters<typeof createAgentHost>[0]);
    channel.port2.start();
    const init = await host.request('init', { dataUrl: data! });
    catalogTables = Object.keys(init.catalog.tables);
  });

  afterAll(() => {
    host?.close();
    channel?.port1.close();
  });

  it('lists the whole scope at first, and after the person narrows it only what is left, nothing else', async () => {
    expect(catalogTables.length).toBeGreaterThan(2);
    await host.request('ask', { turnId: 't1', question: 'hello', model: { kind: 'offline' } });
    expect(listedTables(prompts.at(-1)!).sort()).toEqual([...catalogTables].sort());

    const narrow = catalogTables.slice(0, 2);
    await host.request('scope-set', { datasets: narrow });
    await host.request('ask', { turnId: 't2', question: 'hello again', model: { kind: 'offline' } });
    expect(prompts).toHaveLength(2);
    const system = prompts.at(-1)!;
    expect(listedTables(system).sort()).toEqual([...narrow].sort());
    // Table names such as `regions` are also words of the rules: look in the table list only.
    const tables = system.slice(system.indexOf('Tables:'));
    for (const outside of catalogTables.filter((name) => !narrow.includes(name)))
      expect(tables).not.toMatch(new RegExp(`\\b${outside}\\b`));
  });
});
