import type { ToolEnvelope } from '../registry';

/** A call the model made whose result it has not read yet. */
export interface OpenCall {
  id: string;
  name: string;
}

/**
 * What the model reads for its open calls: the result the loop delivered when there is one,
 * else a `turn_ended` error. Both Gemini and OpenAI refuse a history in which a call has no
 * answer, and a turn can end with calls open (Stop, the step cap, a question put to the user,
 * a failed request), so the next message must close them first.
 */
export function settleCalls(open: readonly OpenCall[], delivered: readonly ToolEnvelope[]): ToolEnvelope[] {
  const byId = new Map(delivered.map((envelope) => [envelope.call_id, envelope]));
  const settled = open.map((call): ToolEnvelope => byId.get(call.id) ?? turnEnded(call));
  const extra = delivered.filter((envelope) => !open.some((call) => call.id === envelope.call_id));
  return [...settled, ...extra];
}

function turnEnded(call: OpenCall): ToolEnvelope {
  return {
    call_id: call.id,
    name: call.name,
    ok: false,
    error: {
      code: 'turn_ended',
      message: `turn_ended: '${call.name}' did not run because the previous turn ended first (the user stopped it, its budget ran out, or a question was put to the user). Read the user's new message and call it again if still needed.`,
    },
  };
}
