import type { JsonSchema } from './json-schema';
import { toAnthropicTool } from './providers/anthropic';
import { toGeminiDeclaration } from './providers/gemini';
import { toMcpTool } from './providers/mcp';
import { toOllamaTool } from './providers/ollama';
import { toOpenAiChatTool, toOpenAiResponsesTool } from './providers/openai';

export const PROVIDERS = ['gemini', 'openai', 'openai-responses', 'anthropic', 'ollama', 'mcp'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** One tool definition in the shape `provider` expects, from the one argument schema. */
export function projectDefinition(
  provider: Provider,
  name: string,
  description: string,
  schema: JsonSchema,
): unknown {
  switch (provider) {
    case 'gemini':
      return toGeminiDeclaration(name, description, schema);
    case 'openai':
      return toOpenAiChatTool(name, description, schema);
    case 'openai-responses':
      return toOpenAiResponsesTool(name, description, schema);
    case 'anthropic':
      return toAnthropicTool(name, description, schema);
    case 'ollama':
      return toOllamaTool(name, description, schema);
    case 'mcp':
      return toMcpTool(name, description, schema);
    default:
      return assertNever(provider);
  }
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
