import { describe, expect, it } from 'vitest';
import { EXAMPLE_SESSION, exampleRegistry } from './__fixtures__/example-tools';
import { fromOpenAiChatToolCalls } from './providers/openai';
import type { ToolEnvelope } from './envelope';

const call = (name: string, args: unknown, id = 'c1') => ({ id, name, arguments: args });
const errorOf = (envelope: ToolEnvelope) => {
  if (envelope.ok) throw new Error(`expected a refusal, got ${JSON.stringify(envelope)}`);
  return envelope.error;
};

describe('callTool', () => {
  it('valid arguments run the tool, fill defaults and return an ok envelope', async () => {
    const { registry } = exampleRegistry();
    const outcome = await registry.call('analyst', call('list_species', { text: 'sap' }), EXAMPLE_SESSION);
    expect(outcome.envelope).toEqual({
      call_id: 'c1',
      name: 'list_species',
      ok: true,
      data: { count: 1, rows: [{ code: 'yebsap', name: 'match for sap', limit: 5, region: null }] },
    });
    expect(outcome.audit).toMatchObject({
      outcome: 'ok',
      tool: 'list_species',
      agent: 'analyst',
      rows: 1,
      arguments: { text: 'sap', limit: 5 },
    });
  });

  it('a missing argument returns invalid_arguments with its location', async () => {
    const { registry } = exampleRegistry();
    const error = errorOf(
      (await registry.call('analyst', call('list_species', {}), EXAMPLE_SESSION)).envelope,
    );
    expect(error.code).toBe('invalid_arguments');
    expect(error.problems).toEqual([{ loc: 'text', msg: expect.stringContaining('expected string') }]);
  });

  it('an extra argument is refused, named, and recorded as a refused key', async () => {
    const { registry } = exampleRegistry();
    const outcome = await registry.call(
      'analyst',
      call('list_species', { text: 'sap', colour: 'red' }),
      EXAMPLE_SESSION,
    );
    const error = errorOf(outcome.envelope);
    expect(error.code).toBe('invalid_arguments');
    expect(error.problems).toEqual([
      {
        loc: 'colour',
        msg: "unknown argument 'colour' is not accepted. Allowed arguments: text, limit, region.",
      },
    ]);
    expect(outcome.audit).toMatchObject({
      outcome: 'refused',
      code: 'invalid_arguments',
      refused_keys: ['colour'],
    });
  });

  it('a wrong type and an out-of-range value are both reported', async () => {
    const { registry } = exampleRegistry();
    const error = errorOf(
      (await registry.call('analyst', call('list_species', { text: 7, limit: 500 }), EXAMPLE_SESSION))
        .envelope,
    );
    expect(error.problems?.map((problem) => problem.loc)).toEqual(['text', 'limit']);
    expect(error.problems?.[1]?.msg).toMatch(/50/);
  });

  it('a whole float is accepted for an integer and a fractional one refused', async () => {
    const { registry } = exampleRegistry();
    const [whole] = fromOpenAiChatToolCalls(
      [{ id: 'a', function: { name: 'list_species', arguments: '{"text":"sap","limit":5.0}' } }],
      0,
    );
    const [fraction] = fromOpenAiChatToolCalls(
      [{ id: 'b', function: { name: 'list_species', arguments: '{"text":"sap","limit":5.5}' } }],
      0,
    );
    expect((await registry.call('analyst', whole!, EXAMPLE_SESSION)).envelope).toMatchObject({
      ok: true,
      data: { rows: [{ limit: 5 }] },
    });
    expect(
      errorOf((await registry.call('analyst', fraction!, EXAMPLE_SESSION)).envelope).problems?.[0]?.loc,
    ).toBe('limit');
  });

  it('a null optional argument (OpenAI strict mode) counts as absent', async () => {
    const { registry } = exampleRegistry();
    const outcome = await registry.call(
      'analyst',
      call('list_species', { text: 'sap', region: null, limit: null }),
      EXAMPLE_SESSION,
    );
    expect(outcome.envelope).toMatchObject({ ok: true, data: { rows: [{ limit: 5, region: null }] } });
  });

  it("an unknown tool returns unknown_tool listing only this agent's tools", async () => {
    const { registry } = exampleRegistry();
    const error = errorOf((await registry.call('narrow', call('run_query', {}), EXAMPLE_SESSION)).envelope);
    expect(error).toEqual({
      code: 'unknown_tool',
      message: "unknown_tool: no tool named 'run_query'. Available tools: list_species.",
    });
  });

  it("a tool that exists but is not on the agent's allow-list is refused with not_allowed", async () => {
    const { registry } = exampleRegistry();
    const outcome = await registry.call('narrow', call('read_table', { table: 'weekly' }), EXAMPLE_SESSION);
    expect(errorOf(outcome.envelope).code).toBe('not_allowed');
    expect(outcome.audit.outcome).toBe('refused');
  });

  it('names such as toString are looked up as own keys only', async () => {
    const { registry } = exampleRegistry();
    expect(
      errorOf((await registry.call('analyst', call('toString', {}), EXAMPLE_SESSION)).envelope).code,
    ).toBe('unknown_tool');
    expect(
      errorOf((await registry.call('analyst', call('__proto__', {}), EXAMPLE_SESSION)).envelope).code,
    ).toBe('unknown_tool');
  });

  it('a null argument named after an Object.prototype member is refused as unknown, not thrown', async () => {
    const { registry } = exampleRegistry();
    const outcome = await registry.call(
      'analyst',
      call('read_table', { table: 'weekly', toString: null, constructor: null }),
      EXAMPLE_SESSION,
    );
    expect(errorOf(outcome.envelope).code).toBe('invalid_arguments');
    expect(outcome.audit.refused_keys).toEqual(['toString', 'constructor']);
  });

  it('a session without datasets gets no_scope before arguments are read', async () => {
    const { registry } = exampleRegistry();
    const error = errorOf(
      (await registry.call('analyst', call('list_species', { bogus: 1 }), { id: 's2', datasets: [] }))
        .envelope,
    );
    expect(error.code).toBe('no_scope');
  });

  it('a path-traversal value is refused by the schema pattern', async () => {
    const { registry } = exampleRegistry();
    const error = errorOf(
      (await registry.call('analyst', call('read_table', { table: '../../etc/passwd' }), EXAMPLE_SESSION))
        .envelope,
    );
    expect(error.problems).toEqual([
      { loc: 'table', msg: 'a table name is a lowercase identifier such as weekly' },
    ]);
  });

  it('a handler that never returns is stopped at the deadline with timeout', async () => {
    const { registry } = exampleRegistry({ limits: { timeoutMs: 30 } });
    const outcome = await registry.call('analyst', call('hang', {}), EXAMPLE_SESSION);
    expect(errorOf(outcome.envelope).code).toBe('timeout');
    expect(outcome.audit.outcome).toBe('timeout');
  });

  it("the user's Stop cancels a handler that ignores its signal", async () => {
    const { registry } = exampleRegistry();
    const stop = new AbortController();
    const pending = registry.call('analyst', call('hang', {}), EXAMPLE_SESSION, {
      signal: stop.signal,
      timeoutMs: 60_000,
    });
    setTimeout(() => stop.abort(), 10);
    const outcome = await pending;
    expect(errorOf(outcome.envelope).code).toBe('cancelled');
    expect(outcome.audit.outcome).toBe('cancelled');
  });

  it('an exception becomes internal_error; its text reaches only the audit', async () => {
    const { registry } = exampleRegistry();
    const outcome = await registry.call('analyst', call('explode', {}), EXAMPLE_SESSION);
    expect(errorOf(outcome.envelope).code).toBe('internal_error');
    expect(JSON.stringify(outcome.envelope)).not.toContain('/srv/perch');
    expect(outcome.audit.detail).toContain('secret internal path /srv/perch/db.sqlite');
  });

  it('a tool failure reaches the model with its code, message and hint', async () => {
    const { registry } = exampleRegistry();
    const error = errorOf(
      (await registry.call('analyst', call('missing_thing', {}), EXAMPLE_SESSION)).envelope,
    );
    expect(error).toEqual({
      code: 'not_found',
      message: "not_found: no table 'weekley'. Did you mean: weekly?",
      hint: 'call describe_table',
    });
  });

  it('a long result is trimmed to the byte budget and says so', async () => {
    const { registry } = exampleRegistry();
    const outcome = await registry.call('analyst', call('big_result', { n: 5000 }), EXAMPLE_SESSION);
    expect(outcome.envelope.ok).toBe(true);
    expect(outcome.audit.bytes).toBeLessThanOrEqual(16_384 + 200);
    const data = (
      outcome.envelope as { data: { count: number; rows: unknown[]; truncated: boolean; note: string } }
    ).data;
    expect(data.count).toBe(5000);
    expect(data.truncated).toBe(true);
    expect(data.rows.length).toBeLessThan(5000);
    expect(data.note).toContain(`first ${data.rows.length} of 5000 rows`);
  });

  it('a result that cannot be trimmed returns result_too_large naming the fix', async () => {
    const { registry } = exampleRegistry();
    const error = errorOf(
      (await registry.call('analyst', call('big_result', { n: 40_000, blob: true }), EXAMPLE_SESSION))
        .envelope,
    );
    expect(error.code).toBe('result_too_large');
    expect(error.message).toMatch(/Aggregate, filter/);
  });

  it('a malformed call returns malformed_call instead of throwing', async () => {
    const { registry } = exampleRegistry();
    const [bad] = fromOpenAiChatToolCalls(
      [{ id: 'm', function: { name: 'list_species', arguments: '{"text": "sap"' } }],
      0,
    );
    const outcome = await registry.call('analyst', bad!, EXAMPLE_SESSION);
    expect(errorOf(outcome.envelope).code).toBe('malformed_call');
    expect(outcome.audit.outcome).toBe('refused');
  });

  it('secrets in arguments and internal detail are redacted in the audit', async () => {
    const { registry } = exampleRegistry();
    const key = EXAMPLE_SESSION.secrets![0]!;
    const outcome = await registry.call(
      'analyst',
      call('list_species', { text: `key ${key}`, api_key: key }),
      EXAMPLE_SESSION,
    );
    expect(JSON.stringify(registry.audit.entries())).not.toContain(key);
    expect(outcome.audit.arguments).toEqual({ text: 'key [redacted]', api_key: '[redacted]' });
  });

  it('writes exactly one audit row per call, refusals included', async () => {
    const { registry } = exampleRegistry({ limits: { timeoutMs: 20 } });
    const calls = [
      call('list_species', { text: 'a' }),
      call('nope', {}),
      call('read_table', { table: 'X' }),
      call('explode', {}),
      call('hang', {}),
      call('add_note', { text: 'hi' }),
    ];
    for (const each of calls) await registry.call('analyst', each, EXAMPLE_SESSION);
    expect(registry.audit.entries().map((entry) => entry.outcome)).toEqual([
      'ok',
      'refused',
      'refused',
      'failed',
      'timeout',
      'proposed',
    ]);
  });
});
