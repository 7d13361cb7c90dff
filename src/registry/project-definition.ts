import type { JsonSchema } from './json-schema';
import { toGeminiDeclaration } from './providers/gemini';
import { toMcpTool } from './providers/mcp';
import { toOpenAiChatTool } from './providers/openai';

/**
 * The tool-definition shapes that have a user: Gemini (models/gemini-model.ts), OpenAI-compatible
 * Chat Completions (models/openai-compatible-model.ts) and MCP (`perch mcp`, cli/mcp-command.ts).
 */
export const PROVIDERS = ['gemini', 'openai', 'mcp'] as const;
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
    case 'mcp':
      return toMcpTool(name, description, schema);
    default:
      return assertNever(provider);
  }
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
