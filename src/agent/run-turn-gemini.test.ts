import { afterEach, describe, expect, it } from 'vitest';
import { createGeminiModel } from '../models/gemini-model';
import { EXAMPLE_SESSION } from '../registry/__fixtures__/example-tools';
import { type MockGeminiServer, startMockGeminiServer } from '../../test/helpers/mock-gemini-server';
import type { AgentEvent } from './agent-event';
import { turnRegistry } from './__fixtures__/turn-tools';
import { runTurn } from './run-turn';
import { buildSystemPrompt } from './system-prompt';

let server: MockGeminiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const chunk = (parts: unknown[], finishReason?: string) => ({
  candidates: [{ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) }],
});

describe('runTurn with the Gemini adapter', () => {
  it('runs parallel signed calls through the registry, streams the answer, and a follow-up turn keeps the history valid', async () => {
    server = await startMockGeminiServer([
      {
        sse: [
          chunk(
            [
              {
                functionCall: { id: 'g1', name: 'weekly_peak', args: { species: 'yebsap' } },
                thoughtSignature: 'sig-g1',
              },
              { functionCall: { id: 'g2', name: 'list_species', args: { text: 'sap' } } },
            ],
            'STOP',
          ),
        ],
      },
      {
        sse: [
          chunk([{ text: 'Peak: week 24, ' }]),
          chunk([{ text: 'abundance 0.65.' }]),
          chunk([{ text: '', thoughtSignature: 'sig-text' }], 'STOP'),
        ],
      },
      { sse: [chunk([{ text: 'Same as before.' }], 'STOP')] },
    ]);
    const { registry } = turnRegistry();
    const model = createGeminiModel({
      apiKey: EXAMPLE_SESSION.secrets![0]!,
      baseUrl: server.url,
      sleep: async () => {},
    });
    const system = buildSystemPrompt({ tables: [], simulated: false, attribution: '' });
    const conversation = model.startConversation({
      system,
      tools: registry.definitions('analyst', model.provider),
    });
    const events: AgentEvent[] = [];
    const base = {
      registry,
      agent: 'analyst',
      session: EXAMPLE_SESSION,
      conversation,
      modelId: model.id,
      signal: new AbortController().signal,
      emit: (event: AgentEvent) => events.push(event),
    };

    const first = await runTurn({ ...base, question: 'When does it peak?', turnId: 't1' });
    expect(first.summary.answer).toBe('Peak: week 24, abundance 0.65.');
    expect(first.summary.provenance.map((item) => [item.figure, item.callId])).toEqual([
      ['24', 'g1'],
      ['0.65', 'g1'],
    ]);
    expect(
      events.filter((event) => event.type === 'text-delta').map((event) => (event as { text: string }).text),
    ).toEqual(['Peak: week 24, ', 'abundance 0.65.']);
    expect(events.filter((event) => event.type === 'payload-add')).toHaveLength(1);

    const second = await runTurn({ ...base, question: 'And later?', turnId: 't2' });
    expect(second.end).toBe('answered');
    expect(server.signatureRejections).toBe(0);
    const contents = (server.requests[2]!.body as { contents: { role: string }[] }).contents;
    expect(contents.map((content) => content.role)).toEqual(['user', 'model', 'user', 'model', 'user']);
    expect(
      (server.requests[0]!.body as { systemInstruction: { parts: { text: string }[] } }).systemInstruction
        .parts[0]!.text,
    ).toBe(system);
  });
});
