import type { ModelAdapter, ModelConversation, ModelInput, ModelReply } from '../model-adapter';
import type { ReaderClock } from '../../reader';
import type { ToolEnvelope } from '../../registry';
import { type Plan, type PlannerMemory, PlanStop } from './plan-step';
import { planQuestion } from './plan-question';

/** The adapter id written to the audit and shown in the UI. */
export const OFFLINE_MODEL_ID = 'offline';

export interface OfflineModelOptions {
  /** The visitor's clock, for "now", "today", "this week". @default () => new Date() */
  now?: () => Date;
}

/**
 * The offline agent: a question reader and a planner behind the same interface as Gemini. It
 * names its tools directly (no provider projection is read), so every call still goes through
 * the registry — validation, scope, deadlines and the audit apply exactly as for a language model.
 */
export function createOfflineModel(options: OfflineModelOptions = {}): ModelAdapter {
  const now = options.now ?? (() => new Date());
  return {
    id: OFFLINE_MODEL_ID,
    // Irrelevant for this adapter (it reads no definitions); 'gemini' is the default projection.
    provider: 'gemini',
    needsNetwork: false,
    startConversation: () => createOfflineConversation({}, () => clockOf(now())),
  };
}

/** "Today" in the visitor's own time zone, not UTC: at 8 pm in Michigan it is still today. */
export function clockOf(date: Date): ReaderClock {
  const pad = (value: number) => String(value).padStart(2, '0');
  return { today: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` };
}

/** One conversation: its memory (vocabulary, last frame, pending choice, caveats said) carries across turns. */
export function createOfflineConversation(
  memory: PlannerMemory = {},
  clock: () => ReaderClock = () => clockOf(new Date()),
): ModelConversation & { memory: PlannerMemory } {
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
      return withReading({ text: error.text, calls: [] });
    }
    if (result.done) {
      plan = undefined;
      return withReading({ text: result.value, calls: [] });
    }
    step++;
    const calls = (result.value as { name: string; arguments: Record<string, unknown> }[]).map(
      (call, index) => ({
        id: `offline_${turn}_${step}_${index + 1}`,
        name: call.name,
        arguments: call.arguments,
      }),
    );
    return withReading({ text: '', calls });
  };
  /** The reading goes out with the first reply after the question was read, once. */
  const withReading = (reply: ModelReply): ModelReply => {
    const reading = memory.reading;
    if (!reading) return reply;
    delete memory.reading;
    return { ...reply, reading };
  };
  return {
    memory,
    async next(input: ModelInput, options): Promise<ModelReply> {
      if (options.signal.aborted) throw options.signal.reason;
      if (input.type === 'user-message') {
        turn++;
        step = 0;
        delete memory.reading;
        plan = planQuestion(
          { text: input.text, ...(input.frame ? { frame: input.frame } : {}) },
          memory,
          clock(),
        );
      } else if (plan === undefined) {
        return { text: 'I have no question in progress; ask one.', calls: [] };
      }
      const reply = advance(input.type === 'tool-results' ? input.results : undefined);
      if (reply.text) options.onTextDelta?.(reply.text);
      return reply;
    },
  };
}
