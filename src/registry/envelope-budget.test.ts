import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { byteLength } from './byte-length';
import { DEFAULT_CALL_LIMITS } from './call-limits';
import { createRegistry } from './create-registry';
import { defineToolFor } from './define-tool';
import { type ToolEnvelope, toolFailure } from './envelope';
import { serialize } from './serialize';
import type { Session } from './session';

const BUDGET = DEFAULT_CALL_LIMITS.resultBytes;
const SESSION: Session = { id: 's', datasets: ['weekly'] };
const defineTool = defineToolFor<Record<string, never>>();

/** A result shaped like run_sql's: columns, preview rows, a count and a note of its own. */
const table = defineTool({
  name: 'table',
  description:
    'Returns `rows` rows of `columns` columns named with `nameLength` characters, each value `cell` long.',
  scope: 'read',
  input: z.strictObject({
    rows: z.number().int(),
    columns: z.number().int(),
    nameLength: z.number().int(),
    cell: z.number().int(),
  }),
  output: z.strictObject({
    columns: z.array(z.strictObject({ name: z.string(), type: z.string() })),
    preview: z.array(z.record(z.string(), z.string())),
    count: z.number(),
    truncated: z.boolean(),
    note: z.string().optional(),
  }),
  run: (args) => {
    const names = Array.from({ length: args.columns }, (_, i) => `c${i}_${'n'.repeat(args.nameLength)}`);
    return {
      columns: names.map((name) => ({ name, type: 'VARCHAR' })),
      preview: Array.from({ length: args.rows }, () =>
        Object.fromEntries(names.map((name) => [name, 'x'.repeat(args.cell)])),
      ),
      count: args.rows,
      truncated: false,
    };
  },
});

/** Fails with a message and hint of any length, and a problems list of any length. */
const noisy = defineTool({
  name: 'noisy',
  description: 'Fails loudly.',
  scope: 'read',
  input: z.strictObject({ message: z.number().int(), problems: z.number().int() }),
  output: z.strictObject({}),
  run: (args) =>
    toolFailure('query_failed', `query_failed: ${'m'.repeat(args.message)}`, {
      hint: 'h'.repeat(args.message),
      problems: Array.from({ length: args.problems }, (_, i) => ({ loc: `f${i}`, msg: 'p'.repeat(50) })),
    }),
});

const strict = defineTool({
  name: 'strict',
  description: 'Takes one argument.',
  scope: 'read',
  input: z.strictObject({ a: z.string() }),
  output: z.strictObject({ a: z.string() }),
  run: (args) => ({ a: args.a }),
});

const registry = createRegistry({
  tools: [table, noisy, strict],
  agents: { analyst: ['table', 'noisy', 'strict'] },
  services: {},
});

async function envelopeOf(
  name: string,
  args: unknown,
  id = 'c1',
): Promise<{ envelope: ToolEnvelope; bytes: number }> {
  const outcome = await registry.call('analyst', { id, name, arguments: args }, SESSION);
  const bytes = byteLength(serialize(outcome.envelope));
  expect(outcome.audit.bytes).toBe(bytes);
  return { envelope: outcome.envelope, bytes };
}

describe('the whole envelope fits the 16 KB budget', () => {
  it('one value that fills the budget alone (like SELECT repeat(x, 16060) in run_sql): the row goes, the note says so', async () => {
    const { envelope, bytes } = await envelopeOf('table', {
      rows: 1,
      columns: 1,
      nameLength: 1,
      cell: 16_360,
    });
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    expect(envelope).toMatchObject({ ok: true, data: { truncated: true, count: 1, preview: [] } });
    expect((envelope as { data: { note: string } }).data.note).toContain(
      'only the first 0 of 1 preview are shown',
    );
  });

  it('just under the old data-only limit, the id and name count too', async () => {
    // Data of ~16,300 bytes used to pass whole and make a 16,389-byte envelope.
    for (const cell of [16_200, 16_260, 16_300]) {
      const { bytes } = await envelopeOf(
        'table',
        { rows: 1, columns: 1, nameLength: 1, cell },
        'c'.repeat(60),
      );
      expect(bytes).toBeLessThanOrEqual(BUDGET);
    }
  });

  it('many rows: the tail goes and the count stays', async () => {
    const { envelope, bytes } = await envelopeOf('table', { rows: 400, columns: 3, nameLength: 5, cell: 30 });
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    const data = (envelope as { data: { preview: unknown[]; count: number; note: string } }).data;
    expect(data.count).toBe(400);
    expect(data.preview.length).toBeGreaterThan(1);
    expect(data.note).toContain(`only the first ${data.preview.length} of 400 preview are shown`);
  });

  it('many columns with long names: columns and rows are both trimmed, and both named', async () => {
    const { envelope, bytes } = await envelopeOf('table', { rows: 2, columns: 600, nameLength: 60, cell: 3 });
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    const data = (envelope as { data: { columns: unknown[]; note: string; truncated: boolean } }).data;
    expect(data.truncated).toBe(true);
    expect(data.columns.length).toBeLessThan(600);
    expect(data.note).toMatch(/of 600 columns are shown/);
  });

  it('long error messages and hints are cut with the marker, the code stays', async () => {
    const { envelope, bytes } = await envelopeOf('noisy', { message: 50_000, problems: 0 });
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'query_failed' } });
    const error = (envelope as { error: { message: string; hint: string } }).error;
    expect(error.message).toMatch(/^query_failed: m+…\[truncated \d+ bytes\]$/);
    expect(error.hint).toMatch(/…\[truncated \d+ bytes\]$/);
  });

  it('a huge problems list keeps the first 20 and counts the rest', async () => {
    const { envelope, bytes } = await envelopeOf('noisy', { message: 10, problems: 10_000 });
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    const problems = (envelope as { error: { problems: { loc: string; msg: string }[] } }).error.problems;
    expect(problems).toHaveLength(21);
    expect(problems.at(-1)!.msg).toBe('9980 more problems are not shown; fix these first.');
  });

  it('ten thousand refused keys, each named in a problem, still fit', async () => {
    const args = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${'y'.repeat(200)}${i}`, i]));
    const { envelope, bytes } = await envelopeOf('strict', { a: 'x', ...args });
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });

  it('a megabyte tool name and call id are cut, and the refusal fits', async () => {
    const { envelope, bytes } = await envelopeOf('n'.repeat(1_000_000), {}, 'i'.repeat(1_000_000));
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    expect(envelope.call_id).toMatch(/^i+…\[truncated \d+ bytes\]$/);
    expect(byteLength(envelope.call_id)).toBeLessThanOrEqual(256);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });
  });

  it('a result with nothing to trim is result_too_large, within the budget', async () => {
    const blob = defineTool({
      name: 'blob',
      description: 'One long value.',
      scope: 'read',
      input: z.strictObject({}),
      output: z.strictObject({ text: z.string() }),
      run: () => ({ text: 'x'.repeat(40_000) }),
    });
    const single = createRegistry({ tools: [blob], agents: { analyst: ['blob'] }, services: {} });
    const outcome = await single.call('analyst', { id: 'b', name: 'blob', arguments: {} }, SESSION);
    expect(outcome.envelope).toMatchObject({ ok: false, error: { code: 'result_too_large' } });
    expect(outcome.audit.outcome).toBe('failed');
  });
});
