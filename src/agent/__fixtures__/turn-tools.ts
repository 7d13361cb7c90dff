import { z } from 'zod';
import { createRegistry, defineToolFor } from '../../registry';
import {
  EXAMPLE_SESSION,
  EXAMPLE_TOOLS,
  type ExampleServices,
} from '../../registry/__fixtures__/example-tools';

/** Tools that attach payloads and questions, beside the registry's example tools, for loop tests. */
const defineTool = defineToolFor<ExampleServices>();

export const weeklyPeak = defineTool({
  name: 'weekly_peak',
  description: 'Peak week and abundance of a species; attaches a chart and a data table.',
  scope: 'read',
  input: z.strictObject({ species: z.string() }),
  output: z.strictObject({
    sql: z.string(),
    rows: z.array(z.strictObject({ week: z.number(), abundance: z.number(), fraction_of_range: z.number() })),
  }),
  run: (args, context) => {
    const sql = `SELECT week, abundance FROM weekly WHERE species_code = '${args.species}' ORDER BY abundance DESC LIMIT 1`;
    context.attach({
      kind: 'chart',
      payload: {
        kind: 'chart',
        id: 'ch1',
        title: 'Peak',
        chartType: 'bar',
        x: 'week',
        y: 'abundance',
        xLabel: 'Week',
        yLabel: 'Abundance',
        columns: { week: [24], abundance: [0.6543] },
        sourceTables: ['weekly'],
        sql,
        callId: context.callId,
      },
    });
    context.attach({ kind: 'debug-note', payload: 'not for the page' });
    return { sql, rows: [{ week: 24, abundance: 0.6543, fraction_of_range: 0.4172 }] };
  },
});

export const askUser = defineTool({
  name: 'ask_user',
  description: 'Asks the user to choose between options when a name is ambiguous.',
  scope: 'read',
  input: z.strictObject({ question: z.string(), options: z.array(z.string()).min(2) }),
  output: z.strictObject({ asked: z.boolean() }),
  run: (args, context) => {
    context.attach({ kind: 'question', payload: { question: args.question, options: args.options } });
    return { asked: true };
  },
});

export function turnRegistry() {
  const services: ExampleServices = { executed: [] };
  let clock = Date.parse('2026-11-30T12:00:00Z');
  const registry = createRegistry<ExampleServices>({
    tools: [...EXAMPLE_TOOLS, weeklyPeak, askUser],
    agents: {
      analyst: ['list_species', 'read_table', 'hang', 'missing_thing', 'add_note', 'weekly_peak', 'ask_user'],
      narrow: ['list_species'],
    },
    services,
    now: () => clock++,
  });
  return { registry, services, session: EXAMPLE_SESSION };
}
