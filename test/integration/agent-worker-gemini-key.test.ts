/**
 * Changing the Gemini key in Settings after a model_auth error: the agent service (over a real
 * MessageChannel, real engine and registry) builds a fresh @google/genai client for the next
 * question, so the new key reaches the API — asserted at the mock server — and the history of
 * answered turns stays (issue 14: the cached conversation kept the client with the old key).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent';
import { createNodeEngine } from '../../src/engine/node-engine';
import { createGeminiModel } from '../../src/models/gemini-model';
import { createAgentService } from '../../src/worker/agent-service';
import { createAgentHost, type AgentHost } from '../../src/worker/host';
import { type MockGeminiServer, startMockGeminiServer } from '../helpers/mock-gemini-server';
import apiKeyInvalid from '../../src/models/__fixtures__/gemini-api-key-invalid.json';
import { replyFrom, type ProviderFixture } from '../helpers/provider-fixture';
import { localRanges } from '../helpers/local-ranges';

const data = process.env.PERCH_TEST_DATA;
if (!data)
  console.warn(
    '[agent-worker-gemini-key.test] skipped: PERCH_TEST_DATA is not set (../shared/data/ebirdst-example missing)',
  );

const OLD_KEY = 'AIza-old-key-that-is-wrong';
const NEW_KEY = 'AIza-new-key-that-works';
const answer = (text: string) => ({
  sse: [{ candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }] }],
});

describe.skipIf(!data)('agent worker: a changed Gemini key starts a fresh client', () => {
  let host: AgentHost;
  let server: MockGeminiServer;
  let channel: MessageChannel;
  const events: AgentEvent[] = [];

  beforeAll(async () => {
    server = await startMockGeminiServer([
      replyFrom(apiKeyInvalid as ProviderFixture),
      answer('First answer.'),
      answer('Second answer.'),
    ]);
    channel = new MessageChannel();
    const service = createAgentService({
      startEngine: (_url, onProgress) => createNodeEngine({ dataDir: data!, onProgress }),
      probeRanges: localRanges,
      createModel: (settings) => {
        if (settings.kind !== 'gemini') throw new Error('this test asks Gemini only');
        return createGeminiModel({ apiKey: settings.apiKey, model: settings.model, baseUrl: server.url });
      },
      post: (message, transfer = []) => channel.port1.postMessage(message, transfer),
    });
    channel.port1.addEventListener('message', (event: MessageEvent) => void service.handle(event.data));
    channel.port1.start();
    host = createAgentHost(channel.port2 as unknown as Parameters<typeof createAgentHost>[0]);
    channel.port2.start();
    host.onAgentEvent((event) => events.push(event));
    await host.request('init', { dataUrl: data! });
  });

  afterAll(async () => {
    host?.close();
    channel?.port1.close();
    await server?.close();
  });

  it('the question after a model_auth error and a key change carries the new key; the next one keeps the history', async () => {
    await host.request('ask', {
      turnId: 't1',
      question: 'When is the peak?',
      model: { kind: 'gemini', apiKey: OLD_KEY, model: 'gemini-3.8-flash' },
    });
    expect(events.find((event) => event.type === 'turn-error')).toMatchObject({
      turnId: 't1',
      code: 'model_auth',
    });
    await host.request('ask', {
      turnId: 't2',
      question: 'When is the peak?',
      model: { kind: 'gemini', apiKey: NEW_KEY, model: 'gemini-3.8-flash' },
    });
    expect(server.requests.map((request) => request.headers['x-goog-api-key'])).toEqual([OLD_KEY, NEW_KEY]);
    expect(events.find((event) => event.type === 'turn-end' && event.turnId === 't2')).toBeDefined();
    // A model change is a new client too, and it is handed the answered turn as text.
    await host.request('ask', {
      turnId: 't3',
      question: 'And in June?',
      model: { kind: 'gemini', apiKey: NEW_KEY, model: 'gemini-3.7-flash' },
    });
    const third = server.requests[2]!;
    expect(third.url).toContain('/models/gemini-3.7-flash:');
    expect((third.body as { contents: unknown[] }).contents).toEqual([
      { role: 'user', parts: [{ text: 'When is the peak?' }] },
      { role: 'model', parts: [{ text: 'First answer.' }] },
      { role: 'user', parts: [{ text: 'And in June?' }] },
    ]);
  });
});
