import { describe, expect, it } from 'vitest';
import { fromGeminiParts, toGeminiResponseParts } from './gemini';
import { fromMcpCall, toMcpToolResult } from './mcp';
import { fromOpenAiChatToolCalls, toOpenAiChatToolMessages } from './openai';
import type { ToolEnvelope } from '../envelope';
import { deserialize } from '../serialize';

const ARGS = { species: 'yebsap', week: 24 };

describe('provider call shapes', () => {
  it('Gemini, OpenAI chat and MCP calls map to one internal call', () => {
    const expected = { id: 'id1', name: 'weekly_series', arguments: ARGS };
    expect(
      fromGeminiParts(
        [
          { text: 'thinking' },
          { functionCall: { id: 'id1', name: 'weekly_series', args: ARGS }, thoughtSignature: 'sig' },
        ],
        0,
      ),
    ).toEqual([expected]);
    expect(
      fromOpenAiChatToolCalls(
        [
          {
            id: 'id1',
            type: 'function',
            function: { name: 'weekly_series', arguments: JSON.stringify(ARGS) },
          },
        ],
        0,
      ),
    ).toEqual([expected]);
    expect(fromMcpCall('id1', { name: 'weekly_series', arguments: ARGS })).toEqual(expected);
  });

  it('OpenAI-compatible calls without ids (Ollama, arguments as an object) get stable positional ids', () => {
    const calls = [{ function: { name: 'a', arguments: {} } }, { function: { name: 'b', arguments: {} } }];
    expect(fromOpenAiChatToolCalls(calls, 2).map((call) => call.id)).toEqual(['call_2_0', 'call_2_1']);
    expect(fromOpenAiChatToolCalls(calls, 2)).toEqual(fromOpenAiChatToolCalls(calls, 2));
  });

  it('Gemini calls without an id (older models) get a positional id', () => {
    expect(fromGeminiParts([{ functionCall: { name: 'a', args: {} } }], 1)[0]?.id).toBe('call_1_0');
  });

  it.each([
    ['bad JSON', '{"species": '],
    ['an array', '[1,2]'],
    ['a number', '42'],
  ])('OpenAI arguments that are %s become a malformed call, not a throw', (_label, text) => {
    const [call] = fromOpenAiChatToolCalls(
      [{ id: 'x', function: { name: 'weekly_series', arguments: text } }],
      0,
    );
    expect(call?.malformed).toMatch(/arguments/);
  });

  it('empty or missing arguments read as {} (models send "" for no-argument tools)', () => {
    expect(
      fromOpenAiChatToolCalls([{ id: 'x', function: { name: 'a', arguments: '' } }], 0)[0]?.arguments,
    ).toEqual({});
    expect(fromGeminiParts([{ functionCall: { id: 'g', name: 'a' } }], 0)[0]?.arguments).toEqual({});
    expect(fromMcpCall('m', { name: 'a', arguments: 'text' }).malformed).toMatch(/string/);
    expect(fromMcpCall('m', { name: 'a' }).arguments).toEqual({});
  });

  it('results map back to each provider with the call id echoed', () => {
    const envelopes: ToolEnvelope[] = [
      { call_id: 'id1', name: 'weekly_series', ok: true, data: { count: 1, big: 2n ** 70n } },
      {
        call_id: 'id2',
        name: 'weekly_series',
        ok: false,
        error: { code: 'not_found', message: 'not_found: x' },
      },
    ];
    expect(toGeminiResponseParts(envelopes)).toEqual([
      {
        functionResponse: {
          id: 'id1',
          name: 'weekly_series',
          response: { output: { count: 1, big: { $type: 'bigint', value: '1180591620717411303424' } } },
        },
      },
      {
        functionResponse: {
          id: 'id2',
          name: 'weekly_series',
          response: { error: { code: 'not_found', message: 'not_found: x' } },
        },
      },
    ]);
    expect(toOpenAiChatToolMessages(envelopes).map((message) => message.tool_call_id)).toEqual([
      'id1',
      'id2',
    ]);
    expect(deserialize(toOpenAiChatToolMessages(envelopes)[0]!.content)).toEqual({
      ...envelopes[0],
      data: { count: 1, big: 2n ** 70n },
    });
    const [ok, failed] = envelopes.map(toMcpToolResult);
    expect(ok).toEqual({
      content: [{ type: 'text', text: JSON.stringify(ok!.structuredContent) }],
      structuredContent: { count: 1, big: { $type: 'bigint', value: '1180591620717411303424' } },
      isError: false,
    });
    expect(failed!.isError).toBe(true);
    expect(JSON.parse(failed!.content[0]!.text)).toEqual({
      error: { code: 'not_found', message: 'not_found: x' },
    });
  });

  it('an MCP result that is not a JSON object travels as text only (structuredContent must be an object)', () => {
    const result = toMcpToolResult({ call_id: 'a', name: 'find_species', ok: true, data: [1, 2] });
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.parse(result.content[0]!.text)).toEqual([1, 2]);
  });
});
