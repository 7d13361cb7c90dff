import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_SESSION, EXAMPLE_TOOLS, exampleRegistry } from './__fixtures__/example-tools';

const names = fc.oneof(
  fc.constantFrom(
    ...EXAMPLE_TOOLS.map((tool) => tool.name).filter((name) => name !== 'hang'),
    'toString',
    '__proto__',
    'constructor',
    '',
  ),
  fc.string(),
);

describe('callTool (property)', () => {
  it('thousands of random calls always get an envelope, never a throw, and one audit row each', async () => {
    const { registry } = exampleRegistry({ limits: { timeoutMs: 50 } });
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(
        names,
        fc.jsonValue(),
        fc.constantFrom('analyst', 'narrow', 'ghost'),
        fc.boolean(),
        async (name, args, agent, scoped) => {
          calls += 1;
          const session = scoped ? EXAMPLE_SESSION : { id: 'empty', datasets: [] };
          const outcome = await registry.call(agent, { id: `c${calls}`, name, arguments: args }, session);
          expect(outcome.envelope.call_id).toBe(`c${calls}`);
          expect(typeof outcome.envelope.ok).toBe('boolean');
          if (!outcome.envelope.ok) expect(outcome.envelope.error.message).toMatch(/^[a-z_]+: /);
          expect(registry.audit.entries()).toHaveLength(calls);
        },
      ),
      { numRuns: 3000 },
    );
    expect(calls).toBe(3000);
  });
});
