import type { ToolEnvelope } from '../../../registry';
import type { ModelConversation } from '../../model-adapter';

/** A tool handler of the fake world: arguments → data, or an error envelope's `{error}`. */
export type Handler = (args: Record<string, any>) => unknown;

export interface Driven {
  answer: string;
  calls: { name: string; arguments: Record<string, any> }[];
}

/**
 * Drives an offline conversation the way runTurn does — question, then the envelopes of each
 * step's calls — answering calls from `handlers` (no engine), stopping at ask_user like the loop.
 */
export async function drive(conversation: ModelConversation, question: string, handlers: Record<string, Handler>): Promise<Driven> {
  const calls: Driven['calls'] = [];
  const signal = new AbortController().signal;
  let reply = await conversation.next({ type: 'user-message', text: question }, { signal });
  for (let step = 0; step < 12 && reply.calls.length > 0; step++) {
    const results: ToolEnvelope[] = reply.calls.map((call) => {
      calls.push({ name: call.name, arguments: call.arguments as Record<string, any> });
      const handler = handlers[call.name];
      if (!handler) throw new Error(`the fake world has no tool ${call.name}`);
      const data = handler(call.arguments as Record<string, any>) as { error?: { code: string; message: string } };
      return data && typeof data === 'object' && 'error' in data && data.error ? { call_id: call.id, name: call.name, ok: false, error: data.error } : { call_id: call.id, name: call.name, ok: true, data };
    });
    if (reply.calls.some((call) => call.name === 'ask_user')) return { answer: '', calls };
    reply = await conversation.next({ type: 'tool-results', results }, { signal });
  }
  return { answer: reply.text, calls };
}

/** A world with one species and Michigan/Georgia as regions; override any handler per test. */
export function world(options: { species?: { species_code: string; common_name: string; scientific_name: string; simulated: boolean }[]; extentMatch?: number } = {}): Record<string, Handler> {
  const species = options.species ?? [{ species_code: 'yebsap', common_name: 'Yellow-bellied Sapsucker', scientific_name: 'Sphyrapicus varius', simulated: false }];
  const regions = [
    { region_code: 'USA-MI', name: 'Michigan', type: 'state' },
    { region_code: 'GEO', name: 'Georgia', type: 'country' },
    { region_code: 'USA-GA', name: 'Georgia', type: 'state' },
  ];
  return {
    run_sql: (args) => {
      const purpose = String(args.purpose);
      if (purpose.startsWith('find region names')) return { rows: 0, preview: regions.filter((region) => String(args.sql).includes(`'${region.name.toLowerCase()}'`) || String(args.sql).includes(`'${region.region_code}'`)) };
      if (purpose.startsWith('list the species')) {
        return { rows: 1, preview: [{ species: species.length, codes: species.map((row) => row.species_code), names: species.map((row) => row.common_name), simulated: species.map((row) => row.simulated) }] };
      }
      if (purpose.includes('masked')) return { preview: [{ extent_match: options.extentMatch ?? 0.2, cells_modelled: 100, cells_in_region: 95, cells_outside: 5 }], caveats: [] };
      throw new Error(`unexpected run_sql: ${purpose}`);
    },
    find_species: (args) => ({
      candidates: species
        .filter((row) => [row.common_name, row.species_code].some((name) => name.toLowerCase().includes(String(args.text).split(' ').pop()!.replace(/s$/, ''))))
        .map((row) => ({ ...row, match: row.common_name.toLowerCase() === args.text ? 'exact' : 'fuzzy', score: 1 })),
    }),
    find_region: (args) => ({ candidates: regions.filter((region) => region.name === args.text || region.region_code === args.text).map((region) => ({ ...region, match: 'exact', score: 1 })) }),
    ask_user: (args) => ({ asked: true, ...args }),
    add_map_layer: (args) => ({ layer: { name: args.name, features: 100 * 52, time_column: args.time_column, weeks: 52 }, caveats: [] }),
    weekly_series: (args) => ({
      species: { code: args.species },
      peak: { week: 20, date: '2023-05-17', season: 'breeding', mean: 0.4321, sum: 12.34, cells_modelled: 77 },
      arrival_week: { week: 14, date: '2023-04-05' },
      departure_week: { week: 41, date: '2023-10-11' },
      arrival_rule: 'first and last week of the year whose mean is at least 25% of the peak mean (0.108)',
      weeks: [
        { week: 2, date: '2023-01-11', mean: 0.0123, sum: 0.9, cells_modelled: 77, season: 'nonbreeding' },
        { week: 20, date: '2023-05-17', mean: 0.4321, sum: 12.34, cells_modelled: 77, season: 'breeding' },
        { week: 50, date: '2023-12-13', mean: 0.0456, sum: 3.21, cells_modelled: 77, season: 'nonbreeding' },
      ],
      caveats: ['CAVEAT FROM THE TOOL'],
    }),
  };
}
