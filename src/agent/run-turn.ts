import type { QueryFrame } from '../frame/query-frame';
import {
  addTokenUsage,
  type ModelConversation,
  type ModelReply,
  type TokenUsage,
  isModelError,
} from '../models/model-adapter';
import type { Reading } from '../reader';
import { canonicalJson, type Registry, type Session, type ToolCall, type ToolEnvelope } from '../registry';
import type { AgentEvent, RecordedCall, TurnSummary } from './agent-event';
import { findProvenance, quotedField, type ProvenanceSource } from './find-provenance';
import { runCall } from './run-call';
import { DEFAULT_TURN_LIMITS, type TurnLimits } from './turn-limits';

export interface RunTurnOptions {
  registry: Registry;
  /** The registry agent whose allow-list the model's calls are checked against. */
  agent: string;
  session: Session;
  /** Kept across turns by the caller: it holds the provider's native history. */
  conversation: ModelConversation;
  /** `ModelAdapter.id`, for the summary and the trace. */
  modelId: string;
  question: string;
  /** A frame the person edited (a reading chip); the question is its summary in words. */
  frame?: QueryFrame;
  turnId: string;
  /** The user's Stop: cancels the model request and the running tool. */
  signal: AbortSignal;
  limits?: Partial<TurnLimits>;
  emit: (event: AgentEvent) => void;
}

/** How a turn ended. Only `failed` and `stopped` end with `turn-error`; the rest with `turn-end`. */
export type TurnEnd =
  | 'answered'
  | 'incomplete'
  | 'asked'
  | 'step-limit'
  | 'call-limit'
  | 'repeated-failure'
  | 'stopped'
  | 'failed';

export interface TurnResult {
  end: TurnEnd;
  summary: TurnSummary;
  /** Set when `end` is `failed` or `stopped`. */
  error?: { code: string; message: string };
}

/**
 * One question → model steps and tool calls → an answer. Each step: ask the model; stop if it
 * answered without calls; else check the limits, run each call through the registry (in order,
 * so events and audit rows follow the model's order), and hand every envelope back. The turn
 * also ends when a tool asks the user a question, when the same call fails the same way
 * `maxSameFailures` times, or on Stop.
 */
export async function runTurn(options: RunTurnOptions): Promise<TurnResult> {
  const limits = { ...DEFAULT_TURN_LIMITS, ...options.limits };
  const { turnId, emit, signal } = options;
  const calls: RecordedCall[] = [];
  const sources: ProvenanceSource[] = [];
  const failures = new Map<string, number>();
  let answer = '';
  let steps = 0;
  let reading: Reading | undefined;
  let usage: TokenUsage | undefined;
  let incomplete: { reason: string } | undefined;

  const write = (text: string) => {
    answer += text;
    emit({ type: 'text-delta', turnId, text });
  };
  const finish = (end: TurnEnd, error?: { code: string; message: string }): TurnResult => {
    const summary: TurnSummary = {
      question: options.question,
      answer,
      modelId: options.modelId,
      calls,
      provenance: findProvenance(answer, sources),
      ...quotedField(answer, sources),
      steps,
      ...(reading ? { reading } : {}),
      ...(usage ? { usage } : {}),
      ...(incomplete ? { incomplete } : {}),
    };
    emit(error ? { type: 'turn-error', turnId, ...error } : { type: 'turn-end', turnId, summary });
    return { end, summary, ...(error ? { error } : {}) };
  };
  const explain = (end: TurnEnd, text: string) => {
    write(`${answer ? '\n\n' : ''}${text}`);
    return finish(end);
  };
  const stopped = () =>
    finish('stopped', {
      code: 'turn_stopped',
      message: 'turn_stopped: you stopped this turn. Ask again to continue.',
    });

  emit({ type: 'turn-start', turnId, question: options.question, modelId: options.modelId });
  let input: Parameters<ModelConversation['next']>[0] = {
    type: 'user-message',
    text: options.question,
    ...(options.frame ? { frame: options.frame } : {}),
  };
  while (true) {
    if (signal.aborted) return stopped();
    steps++;
    emit({ type: 'step-start', turnId, step: steps });
    let reply: ModelReply;
    let separated = answer === '';
    try {
      reply = await options.conversation.next(input, {
        signal,
        onTextDelta: (text) => {
          if (!separated) write('\n\n');
          separated = true;
          write(text);
        },
      });
    } catch (error) {
      if (signal.aborted) return stopped();
      if (isModelError(error)) return finish('failed', { code: error.code, message: error.message });
      throw error;
    }
    if (reply.usage) usage = addTokenUsage(usage, reply.usage);
    if (reply.incomplete) {
      incomplete = { reason: reply.incomplete.reason };
      return explain(
        'incomplete',
        `(The answer was cut off — the model stopped with ${reply.incomplete.reason}, so it is not complete. Ask again, or pick a model with a larger output in Settings.)`,
      );
    }
    if (reply.reading) {
      reading = reply.reading;
      emit({ type: 'reading', turnId, reading });
    }
    if (reply.calls.length === 0) return finish('answered');
    if (steps >= limits.maxSteps) {
      return explain(
        'step-limit',
        `I stopped after ${steps} steps without finishing (the limit per question). Ask a narrower question, or ask me to continue.`,
      );
    }
    const remaining = limits.maxCalls - calls.length;
    if (remaining <= 0) {
      return explain(
        'call-limit',
        `I stopped: this question used all ${limits.maxCalls} tool calls allowed per question. Ask a narrower question, or ask me to continue.`,
      );
    }

    const envelopes: ToolEnvelope[] = [];
    let question: { question: string; options: string[] } | undefined;
    let repeated: { call: ToolCall; message: string } | undefined;
    for (const [index, call] of reply.calls.entries()) {
      calls.push({ callId: call.id, name: call.name, arguments: call.arguments });
      if (index >= remaining) {
        envelopes.push(overBudget(call, limits.maxCalls));
        continue;
      }
      const run = await runCall({ ...options, callTimeoutMs: limits.callTimeoutMs }, call);
      if (signal.aborted) return stopped();
      envelopes.push(run.outcome.envelope);
      if (run.source) sources.push(run.source);
      question ??= run.question;
      const { envelope } = run.outcome;
      if (!envelope.ok) {
        const key = `${call.name}\u0000${canonicalJson(call.arguments)}\u0000${envelope.error.code}`;
        const count = (failures.get(key) ?? 0) + 1;
        failures.set(key, count);
        if (count >= limits.maxSameFailures) repeated ??= { call, message: envelope.error.message };
      }
    }
    if (question) {
      // The page shows the question from `question-ask`; it joins the answer text only for the record.
      answer += `${answer ? '\n\n' : ''}${question.question}`;
      return finish('asked');
    }
    if (repeated) {
      return explain(
        'repeated-failure',
        `I stopped: the call ${repeated.call.name} failed the same way ${limits.maxSameFailures} times (${repeated.message}). Rephrase the question or check the data scope.`,
      );
    }
    input = { type: 'tool-results', results: envelopes };
  }
}

function overBudget(call: ToolCall, maxCalls: number): ToolEnvelope {
  return {
    call_id: call.id,
    name: call.name,
    ok: false,
    error: {
      code: 'call_budget',
      message: `call_budget: this question has used all ${maxCalls} tool calls it may make, so '${call.name}' did not run. Answer with the results you have.`,
    },
  };
}
