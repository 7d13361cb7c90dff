import { describe, expect, it } from 'vitest';
import { EXAMPLE_SESSION, exampleRegistry } from '../registry/__fixtures__/example-tools';
import { createScriptedModel } from './scripted-model';

describe('createScriptedModel', () => {
  it('replays recorded calls through the registry and records what it was sent', async () => {
    const model = createScriptedModel([
      {
        text: '',
        calls: [
          { id: 'a', name: 'list_species', arguments: { text: 'sap' } },
          { id: 'b', name: 'drop_table', arguments: {} },
        ],
      },
      { text: 'Found one species.', calls: [] },
    ]);
    const { registry } = exampleRegistry();
    const conversation = model.startConversation({
      system: 'be careful',
      tools: registry.definitions('narrow', model.provider),
    });
    const signal = new AbortController().signal;
    const first = await conversation.next({ type: 'user-message', text: 'find sapsuckers' }, { signal });
    const results = await Promise.all(
      first.calls.map((call) => registry.call('narrow', call, EXAMPLE_SESSION)),
    );
    const second = await conversation.next(
      { type: 'tool-results', results: results.map((result) => result.envelope) },
      { signal },
    );
    expect(second.text).toBe('Found one species.');
    expect(results.map((result) => result.envelope.ok)).toEqual([true, false]);
    expect(model.inputs[1]).toMatchObject({
      type: 'tool-results',
      results: [
        { call_id: 'a', ok: true },
        { call_id: 'b', ok: false, error: { code: 'unknown_tool' } },
      ],
    });
    expect(registry.audit.entries()).toHaveLength(2);
  });
});
