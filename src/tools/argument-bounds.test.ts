import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { argumentsJsonSchema, isRecord, type JsonSchema } from '../registry/json-schema';
import { TOOLS } from './index';

/**
 * Every argument a model sends is bounded by its schema: a string has maxLength (or is one of an
 * enum), an array maxItems, an open object maxProperties, and nothing accepts any value at all.
 * The registry parses, redacts and audits what arrives, so an unbounded argument is work a model
 * chooses (the red team's 1,000,000 ask_user options). Checked on the JSON Schema the providers
 * see, projected from the one zod schema that also validates (registry/json-schema.ts).
 */
function unboundedPaths(node: JsonSchema, path: string): string[] {
  const found: string[] = [];
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  const variants = ['anyOf', 'oneOf', 'allOf'].flatMap((key) =>
    Array.isArray(node[key]) ? (node[key] as unknown[]).filter(isRecord) : [],
  );
  if (types.length === 0 && variants.length === 0 && !('enum' in node) && !('const' in node))
    found.push(`${path} (accepts any value)`);
  if (types.includes('string') && !('enum' in node) && typeof node.maxLength !== 'number')
    found.push(`${path} (string without maxLength)`);
  if (types.includes('array') && typeof node.maxItems !== 'number' && !Array.isArray(node.prefixItems))
    found.push(`${path} (array without maxItems)`);
  if (
    types.includes('object') &&
    node.additionalProperties !== false &&
    typeof node.maxProperties !== 'number'
  )
    found.push(`${path} (object open to any number of keys)`);
  if (isRecord(node.properties))
    for (const [name, child] of Object.entries(node.properties))
      if (isRecord(child)) found.push(...unboundedPaths(child, path ? `${path}.${name}` : name));
  if (isRecord(node.items)) found.push(...unboundedPaths(node.items, `${path}[]`));
  if (Array.isArray(node.prefixItems))
    node.prefixItems.forEach((child, index) => {
      if (isRecord(child)) found.push(...unboundedPaths(child, `${path}[${index}]`));
    });
  if (isRecord(node.additionalProperties))
    found.push(...unboundedPaths(node.additionalProperties, `${path}.*`));
  for (const variant of variants) found.push(...unboundedPaths(variant, path));
  return found;
}

const unbounded = (input: z.ZodType) => unboundedPaths(argumentsJsonSchema(input), '');

describe('every tool argument has an upper bound', () => {
  it.each(TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s: every string, array and object in its arguments is bounded',
    (_name, tool) => {
      expect(unbounded(tool.input)).toEqual([]);
    },
  );

  it('the check finds an unbounded string, array, record or any-value argument at any depth', () => {
    const schema = z.strictObject({
      ok: z.string().max(10),
      choice: z.enum(['a', 'b']),
      text: z.string().min(1),
      list: z.array(z.string().max(5)),
      nested: z.strictObject({ items: z.array(z.strictObject({ label: z.string() })).max(3) }),
      either: z.union([z.number(), z.string()]),
      map: z.record(z.string().max(5), z.number()),
      anything: z.unknown(),
      tuple: z.tuple([z.string()]),
    });
    expect(unbounded(schema)).toEqual([
      'text (string without maxLength)',
      'list (array without maxItems)',
      'nested.items[].label (string without maxLength)',
      'either (string without maxLength)',
      'map (object open to any number of keys)',
      'anything (accepts any value)',
      'tuple[0] (string without maxLength)',
    ]);
  });

  it('a bounded argument is refused by the same schema past its bound (the bound is enforced, not only shown)', () => {
    for (const tool of TOOLS) {
      const schema = argumentsJsonSchema(tool.input);
      const properties = isRecord(schema.properties) ? schema.properties : {};
      for (const [name, property] of Object.entries(properties)) {
        if (!isRecord(property) || typeof property.maxLength !== 'number' || 'pattern' in property) continue;
        const field = (tool.input.shape as Record<string, z.ZodType>)[name]!;
        expect(field.safeParse('x'.repeat(property.maxLength + 1)).success, `${tool.name}.${name}`).toBe(
          false,
        );
      }
    }
  });
});
