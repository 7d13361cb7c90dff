import type { z } from 'zod';
import type { ToolContract } from './define-tool';
import { type JsonSchema, argumentsJsonSchema, isRecord, propertyPaths } from './json-schema';
import { RegistrationError } from './registration-error';

/** `^[A-Za-z_][A-Za-z0-9_]{0,63}$`: the names both Gemini and MCP accept. */
export const TOOL_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Argument names that would let a model choose whose data is read. Scope comes from the
 * session; a tool that takes one of these is refused at registration.
 */
export const SCOPING_ARGUMENT_NAMES = new Set([
  'dataset',
  'datasets',
  'alloweddatasets',
  'datasetids',
  'datasetid',
  'scope',
  'scopes',
  'session',
  'sessionid',
  'user',
  'userid',
  'username',
  'tenant',
  'tenantid',
  'org',
  'orgid',
  'organization',
  'organisation',
  'account',
  'accountid',
  'owner',
  'ownerid',
  'workspace',
  'project',
  'projectid',
]);

/** Tools that passed, with their argument schema: a tool contract is a constant, so it is checked once per worker. */
const passed = new WeakMap<object, JsonSchema>();

/**
 * Runs every registration check and returns the argument schema the providers will see. A tool
 * that passed is not checked again; one that failed throws every time.
 */
export function checkTool(tool: ToolContract<unknown>): JsonSchema {
  const known = passed.get(tool);
  if (known) return known;
  const schema = checkToolOnce(tool);
  passed.set(tool, schema);
  return schema;
}

/**
 * Checks `tools` ahead of `createRegistry`, which then finds them done: the agent worker runs
 * this while catalog.json is on its way, and the projection of every tool's zod schema (25 ms of
 * the worker's start in a Chromium trace, 2026-12-07) no longer waits for the data.
 */
export function checkToolsAhead<Services>(tools: readonly ToolContract<Services>[]): void {
  for (const tool of tools) {
    try {
      checkTool(tool as ToolContract<unknown>);
    } catch {
      // createRegistry throws it again, where the caller expects a RegistrationError.
    }
  }
}

function checkToolOnce(tool: ToolContract<unknown>): JsonSchema {
  const name = typeof tool.name === 'string' ? tool.name : String(tool.name);
  if (!TOOL_NAME_PATTERN.test(name)) {
    throw new RegistrationError(
      name,
      `the name must match ${TOOL_NAME_PATTERN} (letters, digits and _, at most 64 characters, not starting with a digit); rename it, e.g. 'run_sql'`,
    );
  }
  if (typeof tool.description !== 'string' || tool.description.trim().length < 10) {
    throw new RegistrationError(
      name,
      'missing description: write one for the model saying when to use the tool and what it returns',
    );
  }
  const scope: unknown = tool.scope;
  if (scope !== 'read' && scope !== 'write') {
    throw new RegistrationError(name, `scope must be 'read' or 'write', got ${JSON.stringify(scope)}`);
  }
  checkStrict(name, tool.input, '(root)', ARGUMENTS);
  checkOutput(name, tool.output);
  const schema = projectOrRefuse(name, tool.input);
  checkProjection(name, schema);
  return schema;
}

function projectOrRefuse(name: string, input: z.ZodType): JsonSchema {
  try {
    return argumentsJsonSchema(input);
  } catch (error) {
    throw new RegistrationError(
      name,
      `its argument schema has no JSON Schema form providers accept (${(error as Error).message}); use plain strings, numbers, booleans, enums, arrays and strict objects`,
    );
  }
}

/** Provider rules every projection must meet (Gemini, OpenAI strict and MCP alike). */
function checkProjection(name: string, schema: JsonSchema): void {
  if (schema.type !== 'object')
    throw new RegistrationError(name, 'the argument schema must be an object (z.strictObject) at its root');
  const text = JSON.stringify(schema);
  if (text.includes('"$ref"') || text.includes('"$defs"')) {
    throw new RegistrationError(
      name,
      'the argument schema uses $ref (a recursive or shared zod schema); Gemini and OpenAI strict mode reject references, so inline it',
    );
  }
  for (const path of propertyPaths(schema)) {
    const leaf =
      path
        .split(/[.[\]]+/)
        .filter(Boolean)
        .pop() ?? path;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(leaf)) {
      throw new RegistrationError(
        name,
        `argument '${path}' has a name providers reject; use letters, digits and _`,
      );
    }
    if (SCOPING_ARGUMENT_NAMES.has(leaf.toLowerCase().replace(/[^a-z0-9]/g, ''))) {
      throw new RegistrationError(
        name,
        `argument '${path}' would let the model choose whose data is read; scope comes from the session (session.datasets), so remove the argument`,
      );
    }
  }
}

/**
 * Every result is parsed against `output` (check-result.ts), and readers import its type, so a
 * tool without one could return any shape unnoticed. Strict, so a field the schema does not
 * name fails the result test instead of being dropped on the way to the model.
 */
function checkOutput(name: string, output: unknown): void {
  const definition = zodDefinition(output);
  if (!definition || typeof (output as { safeParse?: unknown }).safeParse !== 'function') {
    throw new RegistrationError(
      name,
      "missing output: declare the zod schema of the tool's result (output: z.strictObject({ … })) and export its type for readers",
    );
  }
  checkStrict(name, output, '(result)', RESULTS);
}

/** What a non-strict object would silently drop, for the refusal message. */
const ARGUMENTS = 'extra arguments are rejected';
const RESULTS = 'a result field the schema does not name is refused';

/** Extras must be rejected, not dropped: every object in the schema must be a z.strictObject. */
function checkStrict(name: string, schema: unknown, path: string, rejects: string): void {
  const definition = zodDefinition(schema);
  if (!definition) return;
  switch (definition.type) {
    case 'object': {
      if (zodDefinition(definition.catchall)?.type !== 'never') {
        throw new RegistrationError(
          name,
          `the object at ${path} is not strict; use z.strictObject so ${rejects} instead of silently dropped`,
        );
      }
      for (const [key, child] of Object.entries(definition.shape as Record<string, unknown>))
        checkStrict(name, child, path === '(root)' || path === '(result)' ? key : `${path}.${key}`, rejects);
      return;
    }
    case 'array':
      checkStrict(name, definition.element, `${path}[]`, rejects);
      return;
    case 'union':
      for (const option of definition.options as unknown[]) checkStrict(name, option, path, rejects);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      checkStrict(name, definition.innerType, path, rejects);
      return;
    default:
      return;
  }
}

function zodDefinition(schema: unknown): (Record<string, unknown> & { type?: string }) | undefined {
  const internals = isRecord(schema) ? (schema as { _zod?: { def?: unknown } })._zod : undefined;
  return isRecord(internals?.def)
    ? (internals.def as Record<string, unknown> & { type?: string })
    : undefined;
}
