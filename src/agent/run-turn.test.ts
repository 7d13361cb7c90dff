import { describe, expect, it } from 'vitest';
import { createScriptedModel, type ScriptedStep } from '../models/scripted-model';
import { modelError, type ModelConversation } from '../models/model-adapter';
import type { ToolEnvelope } from '../registry';
import type { AgentEvent } from './agent-event';
import { turnRegistry } from './__fixtures__/turn-tools';
import { type RunTurnOptions, runTurn } from './run-turn';
import { replayTurn } from './replay-turn';

const call = (id: string, name: string, args: unknown) => ({ id, name, arguments: args });

function setUp(steps: ScriptedStep[], overrides: Partial<RunTurnOptions> = {}) {
  const { registry, session, services } = turnRegistry();
  const model = createScriptedModel(steps);
  const conversation = model.startConversation({
    system: 'rules',
    tools: registry.definitions('analyst', 'gemini'),
  });
  const events: AgentEvent[] = [];
  const options: RunTurnOptions = {
    registry,
    agent: 'analyst',
    session,
    conversation,
    modelId: model.id,
    question: 'When does the sapsucker peak?',
    turnId: 't1',
    signal: new AbortController().signal,
    emit: (event) => events.push(event),
    ...overrides,
  };
  return { registry, services, model, events, options, run: () => runTurn(options) };
}

const types = (events: AgentEvent[]) => events.map((event) => event.type);
const resultsOf = (input: unknown) => (input as { results: ToolEnvelope[] }).results;

describe('runTurn', () => {
  it('a call then an answer emits the events in order, a payload, and a summary with provenance', async () => {
    const { events, model, run } = setUp([
      { text: '', calls: [call('c1', 'weekly_peak', { species: 'yebsap' })] },
      { text: 'It peaks in week 24 at 0.6543 (weekly_peak).', calls: [] },
    ]);
    const result = await run();
    expect(types(events)).toEqual([
      'turn-start',
      'step-start',
      'tool-call',
      'audit-add',
      'tool-result',
      'payload-add',
      'step-start',
      'text-delta',
      'turn-end',
    ]);
    expect(events[2]).toMatchObject({
      type: 'tool-call',
      callId: 'c1',
      name: 'weekly_peak',
      arguments: { species: 'yebsap' },
    });
    expect(events[4]).toMatchObject({ type: 'tool-result', ok: true, summary: '1 rows', rows: 1 });
    expect(events[5]).toMatchObject({ type: 'payload-add', payload: { kind: 'chart', callId: 'c1' } });
    const sql =
      "SELECT week, abundance FROM weekly WHERE species_code = 'yebsap' ORDER BY abundance DESC LIMIT 1";
    expect(result).toEqual({
      end: 'answered',
      summary: {
        question: 'When does the sapsucker peak?',
        answer: 'It peaks in week 24 at 0.6543 (weekly_peak).',
        modelId: 'scripted',
        calls: [{ callId: 'c1', name: 'weekly_peak', arguments: { species: 'yebsap' } }],
        provenance: [
          { figure: '24', callId: 'c1', tool: 'weekly_peak', sql },
          { figure: '0.6543', callId: 'c1', tool: 'weekly_peak', sql },
        ],
        steps: 2,
      },
    });
    expect(events.at(-1)).toEqual({ type: 'turn-end', turnId: 't1', summary: result.summary });
    expect(JSON.stringify(model.inputs[1])).not.toContain('"columns"');
  });

  it('ask_user ends the turn with question-ask and does not ask the model again', async () => {
    const { events, model, run } = setUp([
      {
        text: '',
        calls: [
          call('c1', 'ask_user', { question: 'Which sapsucker?', options: ['Yellow-bellied', 'Red-naped'] }),
        ],
      },
      { text: 'never', calls: [] },
    ]);
    const result = await run();
    expect(result.end).toBe('asked');
    expect(events.find((event) => event.type === 'question-ask')).toEqual({
      type: 'question-ask',
      turnId: 't1',
      question: 'Which sapsucker?',
      options: ['Yellow-bellied', 'Red-naped'],
    });
    expect(model.inputs).toHaveLength(1);
    expect(result.summary.answer).toBe('Which sapsucker?');
  });

  it('a write proposal emits approval-need and the model reads proposed', async () => {
    const { events, model, run, registry, options } = setUp([
      { text: '', calls: [call('c1', 'add_note', { text: 'hello' })] },
      { text: 'I proposed a note.', calls: [] },
    ]);
    await run();
    const need = events.find((event) => event.type === 'approval-need');
    expect(need).toMatchObject({ card: { tool: 'add_note', call_id: 'c1', status: 'pending' } });
    expect(resultsOf(model.inputs[1])[0]).toMatchObject({ ok: false, error: { code: 'proposed' } });
    expect(registry.pendingApprovals(options.session)).toHaveLength(1);
  });

  it('the step cap stops a model that never answers, without running its last calls', async () => {
    const always = Array.from({ length: 20 }, (_, index) => ({
      text: '',
      calls: [call(`c${index}`, 'list_species', { text: `s${index}` })],
    }));
    const { run, registry, events } = setUp(always, { limits: { maxSteps: 3 } });
    const result = await run();
    expect(result.end).toBe('step-limit');
    expect(result.summary.steps).toBe(3);
    expect(registry.audit.entries()).toHaveLength(2);
    expect(result.summary.answer).toMatch(/^I stopped after 3 steps/);
    expect(events.at(-2)).toMatchObject({ type: 'text-delta', text: result.summary.answer });
  });

  it('the call budget refuses calls over it with call_budget, then stops if the model keeps calling', async () => {
    const three = [
      call('a', 'list_species', { text: 'a' }),
      call('b', 'list_species', { text: 'b' }),
      call('c', 'list_species', { text: 'c' }),
    ];
    const { run, model, registry } = setUp(
      [
        { text: '', calls: three },
        { text: '', calls: [call('d', 'list_species', { text: 'd' })] },
      ],
      { limits: { maxCalls: 2 } },
    );
    const result = await run();
    expect(resultsOf(model.inputs[1]).map((envelope) => (envelope.ok ? 'ok' : envelope.error.code))).toEqual([
      'ok',
      'ok',
      'call_budget',
    ]);
    expect(registry.audit.entries()).toHaveLength(2);
    expect(result.end).toBe('call-limit');
    expect(result.summary.calls.map((recorded) => recorded.callId)).toEqual(['a', 'b', 'c']);
  });

  it('the same failing call repeated (same name, arguments and code) stops the turn and says so', async () => {
    const bad = call('x', 'list_species', { text: 'sap', colour: 'red' });
    const { run, model } = setUp([
      { text: '', calls: [bad] },
      { text: '', calls: [{ ...bad, id: 'y', arguments: { colour: 'red', text: 'sap' } }] },
      { text: 'never', calls: [] },
    ]);
    const result = await run();
    expect(result.end).toBe('repeated-failure');
    expect(result.summary.answer).toMatch(
      /^I stopped: the call list_species failed the same way 2 times \(invalid_arguments: /,
    );
    expect(model.inputs).toHaveLength(2);
  });

  it('a failing call that changes its arguments is not a repeat', async () => {
    const { run } = setUp([
      { text: '', calls: [call('x', 'list_species', { text: 'sap', colour: 'red' })] },
      { text: '', calls: [call('y', 'list_species', { text: 'sap', colour: 'blue' })] },
      { text: 'Fine.', calls: [] },
    ]);
    expect((await run()).end).toBe('answered');
  });

  it('Stop during a tool cancels the running tool and ends with turn_stopped', async () => {
    const controller = new AbortController();
    const { run, registry, events } = setUp([{ text: '', calls: [call('h', 'hang', {})] }], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    const result = await run();
    expect(result).toMatchObject({ end: 'stopped', error: { code: 'turn_stopped' } });
    expect(registry.audit.entries()[0]).toMatchObject({ tool: 'hang', outcome: 'cancelled' });
    expect(events.at(-1)).toMatchObject({ type: 'turn-error', code: 'turn_stopped' });
  });

  it('Stop during the model request ends with turn_stopped', async () => {
    const controller = new AbortController();
    let sawSignal: AbortSignal | undefined;
    const waiting: ModelConversation = {
      next: (_input, { signal }) =>
        new Promise((_resolve, reject) => {
          sawSignal = signal;
          signal.addEventListener('abort', () =>
            reject(modelError('model_cancelled', 'model_cancelled: stopped.')),
          );
        }),
    };
    const { options } = setUp([]);
    setTimeout(() => controller.abort(), 10);
    const result = await runTurn({ ...options, conversation: waiting, signal: controller.signal });
    expect(sawSignal).toBe(controller.signal);
    expect(result.end).toBe('stopped');
  });

  it('a model error ends with turn-error carrying its code and message', async () => {
    const failing: ModelConversation = {
      next: async () => Promise.reject(modelError('model_auth', 'model_auth: bad key. Check the key.')),
    };
    const { options, events } = setUp([]);
    const result = await runTurn({ ...options, conversation: failing });
    expect(result).toMatchObject({
      end: 'failed',
      error: { code: 'model_auth', message: 'model_auth: bad key. Check the key.' },
    });
    expect(events.at(-1)).toEqual({
      type: 'turn-error',
      turnId: 't1',
      code: 'model_auth',
      message: 'model_auth: bad key. Check the key.',
    });
  });

  it('a cut-off reply ends the turn as incomplete with a visible note, never as answered, and sums token usage', async () => {
    const usage = { input: 100, output: 20, thoughts: 5, total: 125 };
    const cut: ModelConversation = {
      next: async (_input, turnOptions) => {
        turnOptions.onTextDelta?.('The peak is in wee');
        return { text: 'The peak is in wee', calls: [], incomplete: { reason: 'MAX_TOKENS' }, usage };
      },
    };
    const { options } = setUp([]);
    const result = await runTurn({ ...options, conversation: cut });
    expect(result.end).toBe('incomplete');
    expect(result.summary.answer).toMatch(
      /^The peak is in wee\n\n\(The answer was cut off — the model stopped with MAX_TOKENS/,
    );
    expect(result.summary.usage).toEqual(usage);
    expect(result.summary.incomplete).toEqual({ reason: 'MAX_TOKENS' });
  });

  it('token usage of every model step is summed in the summary', async () => {
    const { options } = setUp([]);
    const steps = [
      {
        text: '',
        calls: [call('c1', 'list_species', { text: 'sap' })],
        usage: { input: 10, output: 2, thoughts: 1, total: 13 },
      },
      { text: 'Done.', calls: [], usage: { input: 30, output: 4, thoughts: 0, total: 34 } },
    ];
    const scripted: ModelConversation = { next: async () => steps.shift()! };
    const result = await runTurn({ ...options, conversation: scripted });
    expect(result.summary.usage).toEqual({ input: 40, output: 6, thoughts: 1, total: 47 });
  });

  it('text of several steps is joined with a blank line, streamed the same way', async () => {
    const { run, events } = setUp([
      { text: 'Looking.', calls: [call('c1', 'list_species', { text: 'sap' })] },
      { text: 'Found 1.', calls: [] },
    ]);
    const result = await run();
    expect(result.summary.answer).toBe('Looking.\n\nFound 1.');
    expect(
      events
        .filter((event) => event.type === 'text-delta')
        .map((event) => (event as { text: string }).text)
        .join(''),
    ).toBe(result.summary.answer);
  });
});

describe('replayTurn', () => {
  it('runs the recorded calls through the registry with no model and rebuilds provenance and payloads', async () => {
    const first = setUp([
      { text: '', calls: [call('c1', 'weekly_peak', { species: 'yebsap' }), call('c2', 'drop_table', {})] },
      { text: 'Week 24, 41.7% of the range.', calls: [] },
    ]);
    const original = await first.run();
    const { registry, session } = turnRegistry();
    const events: AgentEvent[] = [];
    const replay = await replayTurn({
      registry,
      agent: 'analyst',
      session,
      turnId: 'r1',
      question: original.summary.question,
      calls: original.summary.calls,
      answer: original.summary.answer,
      emit: (event) => events.push(event),
    });
    expect(replay.runs.map((run) => run.outcome.envelope)).toEqual(resultsOf(first.model.inputs[1]));
    expect(
      replay.runs.map((run) => (run.outcome.envelope.ok ? 'ok' : run.outcome.envelope.error.code)),
    ).toEqual(['ok', 'unknown_tool']);
    expect(replay.summary.provenance).toEqual(original.summary.provenance);
    expect(replay.summary.provenance.map((item) => item.figure)).toEqual(['24', '41.7%']);
    expect(types(events)).toEqual([
      'turn-start',
      'step-start',
      'tool-call',
      'audit-add',
      'tool-result',
      'payload-add',
      'tool-call',
      'audit-add',
      'tool-result',
      'turn-end',
    ]);
    expect(registry.audit.entries().map((entry) => entry.call_id)).toEqual(['c1', 'c2']);
  });
});
