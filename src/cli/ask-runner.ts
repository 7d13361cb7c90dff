import { buildSystemPrompt, runTurn, systemPromptInfo, type TurnResult } from '../agent';
import { createNodeEngine } from '../engine/node-engine';
import type { Engine } from '../engine';
import { createGeminiModel } from '../models/gemini-model';
import type { ModelAdapter, ModelConversation } from '../models/model-adapter';
import { createOfflineModel } from '../models/offline';
import { createOpenAiCompatibleModel } from '../models/openai-compatible-model';
import type { Payload } from '../payloads';
import { type AuditEntry, createAuditLog, type Registry, type Session, type ToolEnvelope } from '../registry';
import { createPerchRegistry } from '../tools';

export const MODEL_KINDS = ['offline', 'gemini', 'openai'] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];

export interface AskerOptions {
  model: ModelKind;
  dataDir: string;
  /** Gemini: replaces Google's endpoint (tests); OpenAI-compatible: the server's /v1 URL. */
  baseUrl?: string;
  modelName?: string;
  /** Where keys come from. @default process.env */
  env?: Record<string, string | undefined>;
}

/** One asked question: the loop's result plus what a person auditing it needs. */
export interface AskRecord {
  result: TurnResult;
  calls: { call_id: string; name: string; arguments: unknown; envelope: ToolEnvelope }[];
  payloads: Payload[];
  audit: AuditEntry[];
}

export interface Asker {
  engine: Engine;
  model: ModelAdapter;
  /** A fresh conversation (no memory of earlier questions). */
  conversation(): ModelConversation;
  ask(question: string, conversation: ModelConversation): Promise<AskRecord>;
  close(): Promise<void>;
}

/** Opens the engine over `dataDir` and a model; every question runs through runTurn and the real registry. */
export async function openAsker(options: AskerOptions): Promise<Asker> {
  const model = createModel(options);
  const engine = await createNodeEngine({ dataDir: options.dataDir });
  const audit = createAuditLog();
  const recorded: AskRecord['calls'] = [];
  const base = createPerchRegistry({ engine }, { audit });
  // Envelopes are what the model read; the loop does not emit them, so the CLI keeps them here.
  const registry: Registry = {
    ...base,
    async call(agent, call, session, callOptions) {
      const outcome = await base.call(agent, call, session, callOptions);
      recorded.push({
        call_id: call.id,
        name: call.name,
        arguments: call.arguments,
        envelope: outcome.envelope,
      });
      return outcome;
    },
  };
  const env = options.env ?? process.env;
  const secrets = [env.GEMINI_API_KEY, env.OPENAI_API_KEY].filter((key): key is string => Boolean(key));
  const session: Session = { id: 'cli', datasets: Object.keys(engine.catalog.tables), secrets };
  const system = buildSystemPrompt(systemPromptInfo(engine.catalog, session.datasets));
  const tools = registry.definitions(options.model, model.provider);
  let turns = 0;
  return {
    engine,
    model,
    conversation: () => model.startConversation({ system, tools }),
    async ask(question, conversation) {
      const callsBefore = recorded.length;
      const auditBefore = audit.entries().length;
      const payloads: Payload[] = [];
      const result = await runTurn({
        registry,
        agent: options.model,
        session,
        conversation,
        modelId: model.id,
        question,
        turnId: `cli-${++turns}`,
        signal: new AbortController().signal,
        emit: (event) => {
          if (event.type === 'payload-add') payloads.push(event.payload);
        },
      });
      return {
        result,
        calls: recorded.slice(callsBefore),
        payloads,
        audit: audit.entries().slice(auditBefore),
      };
    },
    close: () => engine.close(),
  };
}

function createModel(options: AskerOptions): ModelAdapter {
  const env = options.env ?? process.env;
  if (options.model === 'offline') return createOfflineModel();
  if (options.model === 'gemini') {
    const apiKey = env.GEMINI_API_KEY;
    if (!apiKey)
      throw new Error(
        'model_auth: GEMINI_API_KEY is not set. Export your Gemini API key, or use --model offline.',
      );
    return createGeminiModel({
      apiKey,
      ...(options.modelName ? { model: options.modelName } : {}),
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    });
  }
  if (!options.baseUrl)
    throw new Error(
      'invalid_arguments: --model openai needs --base-url (e.g. http://localhost:11434/v1 for Ollama, https://api.openai.com/v1).',
    );
  if (!options.modelName)
    throw new Error(
      'invalid_arguments: --model openai needs --model-name (the model the server should run).',
    );
  return createOpenAiCompatibleModel({
    baseUrl: options.baseUrl,
    model: options.modelName,
    ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
  });
}

/** The --json view of a record: answer, calls with envelopes, layers, charts, stats, provenance, audit. */
export function askJson(question: string, record: AskRecord): Record<string, unknown> {
  const { summary } = record.result;
  return {
    question,
    answer: summary.answer,
    ...(summary.reading ? { reading: summary.reading } : {}),
    end: record.result.end,
    ...(record.result.error ? { error: record.result.error } : {}),
    model: summary.modelId,
    steps: summary.steps,
    tool_calls: record.calls,
    layers: record.payloads
      .filter((payload) => payload.kind === 'map-layer')
      .map((layer) => ({
        name: layer.name,
        features: layer.featureCount,
        source_tables: layer.sourceTables,
        sql: layer.sql,
        call_id: layer.callId,
      })),
    charts: record.payloads
      .filter((payload) => payload.kind === 'chart')
      .map((chart) => ({
        title: chart.title,
        type: chart.chartType,
        x: chart.x,
        y: chart.y ?? null,
        source_tables: chart.sourceTables,
        sql: chart.sql,
        call_id: chart.callId,
      })),
    stats: record.calls
      .filter((call) => call.name === 'compute_stats' && call.envelope.ok)
      .map((call) => ({ call_id: call.call_id, ...(call.envelope as { data: object }).data })),
    provenance: summary.provenance,
    audit: record.audit,
  };
}

/** Reads `--flag value` options shared by ask and eval; returns the leftovers as positional. */
export function parseAskFlags(
  argv: readonly string[],
): { options: Omit<AskerOptions, 'env'>; json: boolean; positional: string[] } | { error: string } {
  const options: Omit<AskerOptions, 'env'> = {
    model: 'offline',
    dataDir: process.env.PERCH_DATA ?? 'public/data',
  };
  const positional: string[] = [];
  let json = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--json') {
      json = true;
      continue;
    }
    if (!argument.startsWith('--')) {
      positional.push(argument);
      continue;
    }
    const value = argv[++index];
    if (value === undefined) return { error: `option ${argument} needs a value` };
    if (argument === '--model') {
      if (!(MODEL_KINDS as readonly string[]).includes(value))
        return { error: `--model must be one of ${MODEL_KINDS.join(', ')}, got '${value}'` };
      options.model = value as ModelKind;
    } else if (argument === '--data') options.dataDir = value;
    else if (argument === '--base-url') options.baseUrl = value;
    else if (argument === '--model-name') options.modelName = value;
    else return { error: `unknown option '${argument}'` };
  }
  return { options, json, positional };
}
