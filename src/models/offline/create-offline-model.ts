import type { ModelAdapter, ModelConversation, ModelInput, ModelReply } from '../model-adapter';
import type { ToolEnvelope } from '../../registry';
import { pickChoice } from './ask-choice';
import { type Plan, type PlannerMemory, PlanStop } from './plan-step';
import { planQuestion } from './plan-question';

/** The adapter id written to the audit and shown in the UI. */
export const OFFLINE_MODEL_ID = 'offline';

/**
 * The offline agent: a deterministic planner behind the same interface as Gemini. It names its
 * tools directly (no provider projection is read), so every call still goes through the registry
 * — validation, scope, deadlines and the audit apply exactly as for a language model.
 */
export function createOfflineModel(): ModelAdapter {
  return {
    id: OFFLINE_MODEL_ID,
    // Irrelevant for this adapter (it reads no definitions); 'gemini' is the default projection.
    provider: 'gemini',
    needsNetwork: false,
    startConversation: () => createOfflineConversation(),
  };
}

/** One conversation: its memory (species, region, family, pending choice) carries across turns. */
export function createOfflineConversation(memory: PlannerMemory = {}): ModelConversation & { memory: PlannerMemory } {
  let plan: Plan | undefined;
  let turn = 0;
  let step = 0;
  const advance = (results: ToolEnvelope[] | undefined): ModelReply => {
    let result: IteratorResult<unknown, string>;
    try {
      result = results === undefined ? plan!.next(undefined as never) : plan!.next(results);
    } catch (error) {
      if (!(error instanceof PlanStop)) throw error;
      plan = undefined;
      return { text: error.text, calls: [] };
    }
    if (result.done) {
      plan = undefined;
      return { text: result.value, calls: [] };
    }
    step++;
    const calls = (result.value as { name: string; arguments: Record<string, unknown> }[]).map((call, index) => ({ id: `offline_${turn}_${step}_${index + 1}`, name: call.name, arguments: call.arguments }));
    return { text: '', calls };
  };
  return {
    memory,
    async next(input: ModelInput, options): Promise<ModelReply> {
      if (options.signal.aborted) throw options.signal.reason;
      if (input.type === 'user-message') {
        turn++;
        step = 0;
        plan = startPlan(input.text, memory);
      } else if (plan === undefined) {
        return { text: 'I have no question in progress; ask one.', calls: [] };
      }
      const reply = advance(input.type === 'tool-results' ? input.results : undefined);
      if (reply.text) options.onTextDelta?.(reply.text);
      return reply;
    },
  };
}

/** A reply to a pending ask_user re-runs the asked question with the choice made; anything else is a new question. */
function startPlan(text: string, memory: PlannerMemory): Plan {
  const pending = memory.pending;
  delete memory.pending;
  const choice = pending ? pickChoice(pending, text) : undefined;
  if (pending && choice) {
    const forced = choice.kind === 'species' ? { species: { code: choice.code, name: choice.name } } : { region: { code: choice.code, name: choice.name } };
    return planQuestion(pending.asked, memory, forced);
  }
  return planQuestion(text, memory);
}
