import type { ToolCall } from '../registry';
import { checkArgumentsObject } from '../registry/tool-call';

/**
 * One line of a `perch tool --batch` file as a call. A line that cannot be read (bad JSON, not
 * an object, no string `name`, arguments that are not an object) is still a call: the registry
 * refuses it as `malformed_call` with its own envelope and audit row, and the other lines run.
 */
export function readBatch(text: string): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    calls.push(readLine(line, `cli-${index + 1}`, index + 1));
  }
  return calls;
}

function readLine(line: string, id: string, number: number): ToolCall {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    return malformed(id, '', `line ${number} is not JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return malformed(
      id,
      '',
      `line ${number} is not a JSON object like {"name": "find_region", "arguments": {}}`,
    );
  const { name, arguments: args } = parsed as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || name === '')
    return malformed(id, '', `line ${number} has no "name" string naming the tool`);
  const checked = checkArgumentsObject(args);
  if ('malformed' in checked) return malformed(id, name, `line ${number}: ${checked.malformed}`);
  return { id, name, arguments: checked.arguments };
}

function malformed(id: string, name: string, reason: string): ToolCall {
  return { id, name, arguments: {}, malformed: reason };
}
