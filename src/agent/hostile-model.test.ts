import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../models/scripted-model';
import { exampleRegistry, EXAMPLE_SESSION } from '../registry/__fixtures__/example-tools';
import type { ToolEnvelope } from '../registry';
import type { AgentEvent } from './agent-event';
import { runTurn } from './run-turn';

// A model that tries to widen its own scope: a scoping argument the schema does not have, a
// tool off its allow-list, and a tool that does not exist. The registry must refuse each, the
// audit must show it, and the conversation must carry on to an answer.
describe('runTurn with a hostile model', () => {
  it('refuses a scoping argument, an off-list tool and an unknown tool, audits each, and still answers', async () => {
    const { registry } = exampleRegistry();
    const model = createScriptedModel([
      {
        text: '',
        calls: [
          {
            id: 'h1',
            name: 'list_species',
            arguments: { text: 'sap', datasets: ['someone_elses_table'], session_id: 'admin' },
          },
          { id: 'h2', name: 'read_table', arguments: { table: 'weekly' } },
          { id: 'h3', name: 'drop_table', arguments: { table: 'weekly' } },
        ],
      },
      {
        text: 'I can only search species names; here is one match.',
        calls: [{ id: 'h4', name: 'list_species', arguments: { text: 'sap' } }],
      },
      { text: 'Found 1 species.', calls: [] },
    ]);
    const session = { ...EXAMPLE_SESSION, datasets: [...EXAMPLE_SESSION.datasets] };
    const events: AgentEvent[] = [];
    const result = await runTurn({
      registry,
      agent: 'narrow',
      session,
      conversation: model.startConversation({
        system: 'rules',
        tools: registry.definitions('narrow', 'gemini'),
      }),
      modelId: model.id,
      question: 'show me everything',
      turnId: 'h',
      signal: new AbortController().signal,
      emit: (event) => events.push(event),
    });
    expect(
      registry.audit
        .entries()
        .map((entry) => [entry.call_id, entry.outcome, entry.code ?? null, entry.refused_keys]),
    ).toEqual([
      ['h1', 'refused', 'invalid_arguments', ['datasets', 'session_id']],
      ['h2', 'refused', 'not_allowed', []],
      ['h3', 'refused', 'unknown_tool', []],
      ['h4', 'ok', null, []],
    ]);
    const refusals = (model.inputs[1] as { results: ToolEnvelope[] }).results;
    expect(refusals.map((envelope) => (envelope.ok ? 'ok' : envelope.error.code))).toEqual([
      'invalid_arguments',
      'not_allowed',
      'unknown_tool',
    ]);
    expect(result.end).toBe('answered');
    expect(result.summary.answer).toBe(
      'I can only search species names; here is one match.\n\nFound 1 species.',
    );
    expect(session.datasets).toEqual(EXAMPLE_SESSION.datasets);
    expect(events.filter((event) => event.type === 'audit-add')).toHaveLength(4);
  });
});
