import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkTool, checkToolsAhead } from './check-tool';
import { createRegistry } from './create-registry';
import { defineToolFor } from './define-tool';
import { EXAMPLE_TOOLS, listSpecies } from './__fixtures__/example-tools';

const defineTool = defineToolFor<unknown>();
const tool = (name: string, input: z.ZodObject, description = 'A tool used by registration tests.') =>
  defineTool({ name, description, scope: 'read', input, output: z.strictObject({}), run: () => ({}) });
const register =
  (...tools: ReturnType<typeof tool>[]) =>
  () =>
    createRegistry({ tools, agents: {}, services: undefined });

describe('checkToolsAhead', () => {
  it('does the checks createRegistry would, once a tool; a tool that fails still fails at createRegistry', () => {
    const good = tool('good_tool', z.strictObject({ n: z.number() }));
    const loose = tool('loose_tool', z.object({ n: z.number() }));
    checkToolsAhead([good, loose]);
    // Passed once, the same schema object is handed out again (no second projection).
    expect(checkTool(good)).toBe(checkTool(good));
    expect(
      createRegistry({ tools: [good], agents: {}, services: undefined }).argumentsSchema('good_tool'),
    ).toBe(checkTool(good));
    expect(register(loose)).toThrow(/not strict; use z.strictObject/);
  });
});

describe('createRegistry', () => {
  it('a duplicate name is refused', () => {
    expect(register(tool('a_tool', z.strictObject({})), tool('a_tool', z.strictObject({})))).toThrow(
      "cannot register tool 'a_tool': a tool with this name is already registered",
    );
  });

  it('a missing description is refused', () => {
    expect(register(tool('quiet', z.strictObject({}), ''))).toThrow('missing description');
  });

  it.each(['run-sql', '1tool', 'a'.repeat(65), 'has space', ''])(
    'the name %j, which providers reject, is refused',
    (name) => {
      expect(register(tool(name, z.strictObject({})))).toThrow(/the name must match/);
    },
  );

  it.each([
    'dataset',
    'datasets',
    'allowed_datasets',
    'scope',
    'session',
    'user',
    'tenant',
    'userId',
    'tenant_id',
  ])('an argument named %s, which would choose whose data is read, is refused', (name) => {
    expect(register(tool('scoped', z.strictObject({ [name]: z.string() })))).toThrow(
      /scope comes from the session/,
    );
  });

  it('a scoping argument nested inside an object is refused too', () => {
    expect(
      register(tool('nested', z.strictObject({ filter: z.strictObject({ tenant: z.string() }) }))),
    ).toThrow("argument 'filter.tenant'");
  });

  it('an object that would silently drop extras is refused', () => {
    expect(register(tool('loose', z.object({ a: z.string() })))).toThrow(/not strict; use z.strictObject/);
    expect(
      register(tool('loose_inner', z.strictObject({ a: z.array(z.object({ b: z.string() })) }))),
    ).toThrow('the object at a[] is not strict');
  });

  it('a schema with no provider projection is refused', () => {
    expect(register(tool('when', z.strictObject({ at: z.date() })))).toThrow(
      /no JSON Schema form providers accept/,
    );
    const node: z.ZodType = z.lazy(() => z.strictObject({ child: z.optional(node) }));
    expect(register(tool('tree', z.strictObject({ root: node })))).toThrow(/\$ref/);
  });

  it('an agent listing an unregistered tool is refused', () => {
    expect(() =>
      createRegistry({
        tools: [listSpecies],
        agents: { offline: ['list_species', 'drop_table'] },
        services: { executed: [] },
      }),
    ).toThrow("cannot register tool 'drop_table'");
  });

  it('a write tool with run() cannot be defined', () => {
    expect(() =>
      defineTool({
        name: 'w',
        description: 'writes things somewhere',
        scope: 'write',
        input: z.strictObject({}),
        run: () => 1,
      } as never),
    ).toThrow('a write tool cannot have run()');
  });

  it('the example tools all register', () => {
    expect(
      createRegistry({ tools: EXAMPLE_TOOLS, agents: {}, services: { executed: [] } }).toolNames(),
    ).toHaveLength(EXAMPLE_TOOLS.length);
  });
});
