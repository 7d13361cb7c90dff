import { type QueryFrame, queryFrameSchema } from '../../../frame/query-frame';
import type { StatusResult } from '../../../frame/status-result';
import type { ToolEnvelope } from '../../../registry';
import { TOOLS, type ToolResults } from '../../../tools';
import type { ResultFields } from '../../../tools/support/result-fields';
import type { ModelConversation, ModelReply } from '../../model-adapter';
import type { ToolName } from '../plan-step';

/** What a fake tool answers instead of a result: the error of a failed envelope. */
export interface Refusal {
  error: { code: string; message: string };
}

/** A tool of the fake world: arguments → a result of the real tool's declared type, or a refusal. */
export type Handler<Name extends ToolName = ToolName> = (
  args: Record<string, unknown>,
) => ToolResults[Name] | Refusal;
export type Handlers = { [Name in ToolName]?: Handler<Name> };

export interface Driven {
  answer: string;
  calls: { name: string; arguments: Record<string, unknown> }[];
  replies: ModelReply[];
}

/**
 * Drives an offline conversation the way runTurn does — question, then the envelopes of each
 * step's calls — answering calls from `handlers` (no engine), stopping at ask_user like the loop.
 * Each fake result is parsed against the real tool's output schema, as the registry parses real
 * ones, so the fake world cannot drift from what the tools return.
 */
export async function drive(
  conversation: ModelConversation,
  question: string,
  handlers: Handlers,
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
      const args = call.arguments as Record<string, unknown>;
      calls.push({ name: call.name, arguments: args });
      const handler = handlers[call.name as ToolName] as Handler | undefined;
      const tool = TOOLS.find((candidate) => candidate.name === call.name);
      if (!handler || !tool) throw new Error(`the fake world has no tool ${call.name}`);
      const data = handler(args);
      return 'error' in data
        ? { call_id: call.id, name: call.name, ok: false, error: data.error }
        : { call_id: call.id, name: call.name, ok: true, data: tool.output.parse(data) };
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
  status?: (frame: QueryFrame) => StatusResult | Refusal;
}

/** The fields every Perch result carries, for a fake result of `scope`. */
function fields(scope: string, count: number): ResultFields {
  return { count, truncated: false, source: { tables: [], sql: [] }, scope, caveats: [] };
}

/** A world with one species masked to Michigan, Wisconsin outside it, the Upper Peninsula as a part and two towns. */
export function world(options: WorldOptions = {}): Handlers {
  const species = options.species ?? [
    { code: 'yebsap', common_name: 'Yellow-bellied Sapsucker', scientific_name: 'Sphyrapicus varius' },
  ];
  return {
    data_vocabulary: (args) =>
      args.part === 'names'
        ? {
            part: 'names',
            species: species.map(({ simulated, ...names }) => ({
              ...names,
              ...(simulated ? { simulated: true as const } : {}),
            })),
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
            ...fields('the names of this fake data', 1),
          }
        : {
            part: 'places',
            places: [
              ['Marquette', 'USA-MI', -87.3954, 46.5436, 20629],
              ['Detroit', 'USA-MI', -83.0458, 42.3314, 639111],
            ],
            ...fields('the towns of this fake data', 1),
          },
    query_status: (args) => (options.status ?? peakResult)(queryFrameSchema.parse(args)),
    ask_user: (args) => ({
      asked: true,
      question: String(args.question),
      options: (args.options as unknown[]).map(String),
      note: 'The question is shown to the user.',
    }),
  };
}

/** A when_highest result with figures no real run gives (0.4321 on 12.34), so an answer quoting them quotes the tool. */
export function peakResult(frame: QueryFrame): StatusResult {
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
