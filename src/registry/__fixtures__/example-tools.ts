import { z } from 'zod';
import { defineToolFor } from '../define-tool';
import { toolFailure } from '../envelope';
import { createRegistry, type RegistryOptions } from '../create-registry';
import type { Session } from '../session';

/** Tools that exercise every path of `callTool`; used by the registry's own tests. */
export interface ExampleServices {
  executed: unknown[];
}

const defineTool = defineToolFor<ExampleServices>();

export const listSpecies = defineTool({
  name: 'list_species',
  description: 'Lists species whose name contains `text`. Returns rows of {code, name}.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    text: z.string().min(1).describe('Part of a common name'),
    limit: z.number().int().min(1).max(50).default(5).describe('Most rows to return'),
    region: z.string().optional().describe('eBird region code such as USA-MI'),
  }),
  output: z.strictObject({
    count: z.number(),
    rows: z.array(
      z.strictObject({
        code: z.string(),
        name: z.string(),
        limit: z.number(),
        region: z.string().nullable(),
      }),
    ),
  }),
  run: (args) => ({
    count: 1,
    rows: [
      { code: 'yebsap', name: `match for ${args.text}`, limit: args.limit, region: args.region ?? null },
    ],
  }),
});

export const readTable = defineTool({
  name: 'read_table',
  description: 'Reads a table by its catalog name. Table names are lowercase identifiers.',
  scope: 'read',
  input: z.strictObject({
    table: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a table name is a lowercase identifier such as weekly'),
  }),
  output: z.strictObject({ table: z.string() }),
  run: (args) => ({ table: args.table }),
});

export const hang = defineTool({
  name: 'hang',
  description: 'Never returns and ignores its signal; exists to prove deadlines hold.',
  scope: 'read',
  input: z.strictObject({}),
  output: z.strictObject({}),
  run: () => new Promise<never>(() => {}),
});

export const explode = defineTool({
  name: 'explode',
  description: 'Throws an internal error whose text must never reach the model.',
  scope: 'read',
  input: z.strictObject({}),
  output: z.strictObject({}),
  run: () => {
    throw new Error('secret internal path /srv/perch/db.sqlite at line 42');
  },
});

export const missingThing = defineTool({
  name: 'missing_thing',
  description: 'Answers a tool failure the model can act on (not_found with a hint).',
  scope: 'read',
  input: z.strictObject({}),
  output: z.strictObject({}),
  run: () =>
    toolFailure('not_found', "not_found: no table 'weekley'. Did you mean: weekly?", {
      hint: 'call describe_table',
    }),
});

export const bigResult = defineTool({
  name: 'big_result',
  description: 'Returns `n` rows of padding, to exercise the byte budget.',
  scope: 'read',
  input: z.strictObject({ n: z.number().int().min(0).max(100_000), blob: z.boolean().default(false) }),
  output: z.union([
    z.strictObject({ text: z.string() }),
    z.strictObject({
      count: z.number(),
      rows: z.array(z.strictObject({ i: z.number(), padding: z.string() })),
    }),
  ]),
  run: (args) =>
    args.blob
      ? { text: 'x'.repeat(args.n) }
      : { count: args.n, rows: Array.from({ length: args.n }, (_, i) => ({ i, padding: 'p'.repeat(40) })) },
});

export const addNote = defineTool({
  name: 'add_note',
  description: 'Adds a note to the session. A person must approve it first.',
  scope: 'write',
  input: z.strictObject({ text: z.string().min(1).max(200) }),
  output: z.strictObject({ added: z.string() }),
  propose: (args) => ({ title: 'Add a note', effects: [`add the note "${args.text}"`] }),
  execute: (args, context) => {
    context.services.executed.push(args);
    return { added: args.text };
  },
});

export const EXAMPLE_TOOLS = [listSpecies, readTable, hang, explode, missingThing, bigResult, addNote];

export const EXAMPLE_SESSION: Session = {
  id: 's1',
  datasets: ['weekly', 'species'],
  secrets: ['AIzaSyTESTKEY0000000000000000000000000'],
};

export function exampleRegistry(overrides: Partial<RegistryOptions<ExampleServices>> = {}) {
  const services: ExampleServices = { executed: [] };
  let clock = Date.parse('2026-11-30T12:00:00Z');
  const registry = createRegistry<ExampleServices>({
    tools: EXAMPLE_TOOLS,
    agents: {
      analyst: ['list_species', 'read_table', 'hang', 'explode', 'missing_thing', 'big_result', 'add_note'],
      narrow: ['list_species'],
    },
    services,
    now: () => clock,
    ...overrides,
  });
  return { registry, services, advance: (ms: number) => (clock += ms) };
}
