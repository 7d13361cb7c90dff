import type { StatusResult } from '../../../frame/status-result';
import type { ToolEnvelope } from '../../../registry';
import type { ModelConversation, ModelReply } from '../../model-adapter';

/** A tool handler of the fake world: arguments → data, or an error envelope's `{error}`. */
export type Handler = (args: Record<string, any>) => unknown;

export interface Driven {
  answer: string;
  calls: { name: string; arguments: Record<string, any> }[];
  replies: ModelReply[];
}

/**
 * Drives an offline conversation the way runTurn does — question, then the envelopes of each
 * step's calls — answering calls from `handlers` (no engine), stopping at ask_user like the loop.
 */
export async function drive(
  conversation: ModelConversation,
  question: string,
  handlers: Record<string, Handler>,
  frame?: Record<string, unknown>,
): Promise<Driven> {
  const calls: Driven['calls'] = [];
  const replies: ModelReply[] = [];
  const signal = new AbortController().signal;
  let reply = await conversation.next(
    { type: 'user-message', text: question, ...(frame ? { frame: frame as never } : {}) },
    { signal },
  );
  replies.push(reply);
  for (let step = 0; step < 12 && reply.calls.length > 0; step++) {
    const results: ToolEnvelope[] = reply.calls.map((call) => {
      calls.push({ name: call.name, arguments: call.arguments as Record<string, any> });
      const handler = handlers[call.name];
      if (!handler) throw new Error(`the fake world has no tool ${call.name}`);
      const data = handler(call.arguments as Record<string, any>) as {
        error?: { code: string; message: string };
      };
      return data && typeof data === 'object' && 'error' in data && data.error
        ? { call_id: call.id, name: call.name, ok: false, error: data.error }
        : { call_id: call.id, name: call.name, ok: true, data };
    });
    if (reply.calls.some((call) => call.name === 'ask_user')) return { answer: '', calls, replies };
    reply = await conversation.next({ type: 'tool-results', results }, { signal });
    replies.push(reply);
  }
  return { answer: reply.text, calls, replies };
}

export interface WorldOptions {
  species?: { code: string; common_name: string; scientific_name: string; simulated?: boolean }[];
  /** What query_status answers; the frame it was called with is passed in. */
  status?: (frame: Record<string, any>) => StatusResult | { error: { code: string; message: string } };
}

/** A world with one species masked to Michigan, Wisconsin outside it, the Upper Peninsula as a part and two towns. */
export function world(options: WorldOptions = {}): Record<string, Handler> {
  const species = options.species ?? [
    { code: 'yebsap', common_name: 'Yellow-bellied Sapsucker', scientific_name: 'Sphyrapicus varius' },
  ];
  return {
    data_vocabulary: (args) =>
      args.part === 'names'
        ? {
            species,
            regions: [
              ['USA', 'United States of America', 'country', null],
              ['USA-MI', 'Michigan', 'state', 'USA'],
              ['USA-WI', 'Wisconsin', 'state', 'USA'],
            ],
            parts: [
              { id: 'upper_peninsula', name: 'Upper Peninsula', aliases: ['the UP'], parent_code: 'USA-MI' },
            ],
            release: 2023,
            trendYears: { start: 2012, end: 2022 },
            maskRegion: 'USA-MI',
          }
        : {
            places: [
              ['Marquette', 'USA-MI', -87.3954, 46.5436, 20629],
              ['Detroit', 'USA-MI', -83.0458, 42.3314, 639111],
            ],
          },
    query_status: (frame) => (options.status ?? peakResult)(frame),
    ask_user: (args) => ({ asked: true, ...args }),
  };
}

/** A when_highest result with figures no real run gives (0.4321 on 12.34), so an answer quoting them quotes the tool. */
export function peakResult(frame: Record<string, any>): StatusResult {
  return {
    read_as: `relative abundance · ${String(frame.operation).replace(/_/g, ' ')} · test time · Michigan`,
    measure: frame.measure,
    operation: frame.operation,
    unit: 'relative abundance',
    subjects: [
      {
        species_code: 'yebsap',
        common_name: 'Yellow-bellied Sapsucker',
        time_label: 'the whole year',
        place_label: 'Michigan',
        weeks: [20],
        cells_in_place: 77,
        cells_modelled: 77,
        cells_zero: 0,
        mean: 0.1234,
        total: 9.5,
        week: { week: 20, date: '2023-05-17', value: 0.4321, total: 12.34 },
        top_cells: [
          {
            cell_id: 1,
            lon: -87.4,
            lat: 46.5,
            value: 0.987,
            near: '12 km SW of Marquette, MI',
            region_code: 'USA-MI',
          },
        ],
      },
    ],
    caveats: ['CAVEAT FROM THE TOOL'],
    sql: ['SELECT 1'],
  };
}
