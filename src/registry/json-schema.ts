import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema of a tool's arguments as a model should fill them in: the *input* side, so
 * fields with defaults are optional. zod 4.6 keeps `additionalProperties: false` for
 * `z.strictObject` in input mode (checked against zod 4.6.7 here).
 */
export function argumentsJsonSchema(input: z.ZodType): JsonSchema {
  const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'throw' }) as JsonSchema;
  return withPortableKeywords(withDefaultsInDescriptions(schema));
}

/**
 * zod writes a discriminated union (query_status's times and places) as `oneOf` with `const`
 * tags. OpenAI's strict mode takes `anyOf` but not `oneOf`, and `const` is missing from the
 * keyword lists several Gemini schema validators document; `enum: [value]` and `anyOf` say the
 * same here (the variants' tags are distinct, so at most one variant matches) and every provider
 * reads them. Validation stays with the zod schema.
 */
function withPortableKeywords(schema: JsonSchema): JsonSchema {
  return mapSchema(schema, (node) => {
    let out = node;
    if ('const' in out) {
      const { const: value, ...rest } = out;
      out = { ...rest, enum: [value] };
    }
    if ('oneOf' in out) {
      const { oneOf: variants, ...rest } = out;
      out = { ...rest, anyOf: variants };
    }
    return out;
  });
}

/**
 * Providers disagree on `default` (Gemini's function declarations reject unknown keys in some
 * versions); the model only needs to know the value, so it moves into the description.
 */
function withDefaultsInDescriptions(schema: JsonSchema): JsonSchema {
  return mapSchema(schema, (node) => {
    if (!('default' in node)) return node;
    const { default: value, ...rest } = node;
    const described = typeof rest.description === 'string' ? `${rest.description} ` : '';
    return { ...rest, description: `${described}(default: ${JSON.stringify(value)})` };
  });
}

/** Drops keys from every node of a schema (e.g. `$schema`, `title`, `examples` for Gemini). */
export function withoutKeys(schema: JsonSchema, keys: readonly string[]): JsonSchema {
  return mapSchema(schema, (node) =>
    Object.fromEntries(Object.entries(node).filter(([key]) => !keys.includes(key))),
  );
}

/** Applies `visit` to every schema node, children first. */
export function mapSchema(schema: JsonSchema, visit: (node: JsonSchema) => JsonSchema): JsonSchema {
  const mapped: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isRecord(value)) {
      mapped[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [
          name,
          isRecord(child) ? mapSchema(child, visit) : child,
        ]),
      );
    } else if ((key === 'items' || key === 'additionalProperties' || key === 'not') && isRecord(value)) {
      mapped[key] = mapSchema(value, visit);
    } else if (
      (key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'prefixItems') &&
      Array.isArray(value)
    ) {
      mapped[key] = value.map((child) => (isRecord(child) ? mapSchema(child, visit) : child));
    } else {
      mapped[key] = value;
    }
  }
  return visit(mapped);
}

/** Every property name in a schema, at any depth, with its path (`filters[].name`). */
export function propertyPaths(schema: JsonSchema, prefix = ''): string[] {
  const paths: string[] = [];
  const properties = schema.properties;
  if (isRecord(properties)) {
    for (const [name, child] of Object.entries(properties)) {
      const path = prefix ? `${prefix}.${name}` : name;
      paths.push(path);
      if (isRecord(child)) paths.push(...propertyPaths(child, path));
    }
  }
  if (isRecord(schema.items)) paths.push(...propertyPaths(schema.items, `${prefix}[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const variants = schema[key];
    if (Array.isArray(variants))
      for (const variant of variants) if (isRecord(variant)) paths.push(...propertyPaths(variant, prefix));
  }
  return paths;
}

export function isRecord(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
