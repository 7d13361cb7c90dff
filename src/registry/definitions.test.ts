import { describe, expect, it } from 'vitest';
import { exampleRegistry } from './__fixtures__/example-tools';
import { PROVIDERS } from './project-definition';

describe('registry.definitions', () => {
  it('lists only the tools the agent may call', () => {
    const { registry } = exampleRegistry();
    for (const provider of PROVIDERS) expect(registry.definitions('narrow', provider)).toHaveLength(1);
    expect(registry.definitions('nobody', 'gemini')).toEqual([]);
  });

  it.each(PROVIDERS)('projects the one schema for %s', (provider) => {
    const { registry } = exampleRegistry();
    expect(registry.definitions('narrow', provider)).toMatchSnapshot();
  });

  it('strips what Gemini rejects from parametersJsonSchema', () => {
    const { registry } = exampleRegistry();
    const text = JSON.stringify(registry.definitions('analyst', 'gemini'));
    for (const key of ['"$schema"', '"title"', '"examples"', '"default"']) expect(text).not.toContain(key);
  });

  it('OpenAI strict projections require every field and forbid extras at every level', () => {
    const { registry } = exampleRegistry();
    const [definition] = registry.definitions('narrow', 'openai') as {
      function: {
        parameters: {
          required: string[];
          additionalProperties: boolean;
          properties: Record<string, unknown>;
        };
      };
    }[];
    const parameters = definition!.function.parameters;
    expect(parameters.required).toEqual(['text', 'limit', 'region']);
    expect(parameters.additionalProperties).toBe(false);
    expect(parameters.properties.region).toEqual({
      anyOf: [{ type: 'string', description: 'eBird region code such as USA-MI' }, { type: 'null' }],
    });
  });
});
