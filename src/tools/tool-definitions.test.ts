import { describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createPerchRegistry, TOOLS } from './index';

/** Keywords some providers refuse in a tool's parameters: OpenAI strict mode has no `oneOf`; Gemini's documented subset lists no `const`; none takes `$ref` here. */
const UNPORTABLE = ['"oneOf"', '"const"', '"$ref"'];

describe('Perch tool definitions as each provider sees them', () => {
  // Definitions are built from the zod schemas alone; no query runs.
  const registry = createPerchRegistry({ engine: { catalog: { tables: {} } } as unknown as Engine });
  it.each(['gemini', 'openai', 'mcp'] as const)(
    '%s: every tool is there and uses only portable JSON Schema keywords (query_status frames included)',
    (provider) => {
      const definitions = registry.definitions(provider, provider) as {
        name?: string;
        function?: { name: string };
      }[];
      expect(definitions).toHaveLength(TOOLS.length);
      const text = JSON.stringify(definitions);
      for (const keyword of UNPORTABLE) expect(text, keyword).not.toContain(keyword);
      expect(text).toContain('query_status');
      expect(text).toContain('"anyOf"');
    },
  );
});
