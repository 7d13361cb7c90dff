import { resolve } from 'node:path';
import type { TurnResult } from '../agent';
import { DEFAULT_GEMINI_MODEL } from '../models/gemini-model-names';
import { listGeminiModels, type ListedGeminiModel } from '../models/list-gemini-models';
import type { TokenUsage } from '../models/model-adapter';
import { redactText } from '../registry';
import { type AskRecord, openAsker } from './ask-runner';
import { helpExitCode } from './help-exit-code';

/**
 * `perch check-gemini`: does a Gemini key work with Perch today? Lists the models the key can
 * use (the real `@google/genai` SDK's `models.list`), says whether Perch's default is among them,
 * then asks one question end to end (agent loop, registry, tools, DuckDB on the data folder) and
 * shows the answer, the tool calls and the tokens it cost. Google renames and retires models
 * (gemini-model-names.ts), so this is the check to run when the page's Gemini answers stop.
 */
const USAGE = `usage: GEMINI_API_KEY=… perch check-gemini ["<question>"] [options]

Lists the Gemini models your key can use, marks Perch's default (${DEFAULT_GEMINI_MODEL}) and
whether it is served, then asks one question through the agent loop and the tools on the data.
Exit 0 only when the default is listed and the question was answered. The key is never printed.

options:
  --model <name>     Gemini model to ask (default: ${DEFAULT_GEMINI_MODEL})
  --data <dir>       folder holding catalog.json (default: $PERCH_DATA or public/data)
  --base-url <url>   replaces https://generativelanguage.googleapis.com (tests: a local mock)`;

/** Answerable on any Perch data folder (the simulated demo too), and it needs at least one tool call. */
export const CHECK_QUESTION =
  'Which species does this data cover, and in which week is the first of them most abundant?';

export interface CheckOptions {
  model: string;
  dataDir: string;
  baseUrl?: string;
  question: string;
}

export function parseCheckFlags(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
): CheckOptions | { error: string } {
  const options: CheckOptions = {
    model: DEFAULT_GEMINI_MODEL,
    dataDir: env.PERCH_DATA ?? 'public/data',
    question: CHECK_QUESTION,
  };
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (!argument.startsWith('--')) {
      positional.push(argument);
      continue;
    }
    const value = argv[++index];
    if (value === undefined) return { error: `option ${argument} needs a value` };
    if (argument === '--model') options.model = value.trim().replace(/^models\//, '');
    else if (argument === '--data') options.dataDir = value;
    else if (argument === '--base-url') options.baseUrl = value;
    else return { error: `unknown option '${argument}'` };
  }
  if (positional.length > 1) return { error: 'expected at most one question (in quotes)' };
  if (positional[0]) options.question = positional[0];
  return options;
}

/** One line per model that can answer, the default and the asked model marked. */
export function listingLines(models: readonly ListedGeminiModel[], asked: string): string[] {
  const generating = models.filter((model) => model.generates);
  const others = models.length - generating.length;
  const lines = [
    `Models this key can use for answers (${generating.length}${others > 0 ? `; ${others} more that cannot answer, e.g. embedding models, not shown` : ''}):`,
  ];
  for (const model of generating) {
    const marks = [
      model.name === DEFAULT_GEMINI_MODEL ? 'default' : '',
      model.name === asked && asked !== DEFAULT_GEMINI_MODEL ? 'asked' : '',
    ].filter(Boolean);
    lines.push(
      `  ${model.name === DEFAULT_GEMINI_MODEL ? '*' : ' '} ${model.name}${model.displayName !== model.name ? ` (${model.displayName})` : ''}${marks.length > 0 ? `  [${marks.join(', ')}]` : ''}`,
    );
  }
  return lines;
}

/** Whether the key can ask `name` for answers. */
export function isServed(models: readonly ListedGeminiModel[], name: string): boolean {
  return models.some((model) => model.name === name && model.generates);
}

/** Why the default is not usable, naming it and what the key does list. */
export function defaultMissingMessage(models: readonly ListedGeminiModel[]): string {
  const listed = models.filter((model) => model.generates).map((model) => model.name);
  return `Perch's default Gemini model ${DEFAULT_GEMINI_MODEL} is not served for this key. The key lists: ${listed.length > 0 ? listed.join(', ') : '(no model that can answer)'}. Update DEFAULT_GEMINI_MODEL in src/models/gemini-model-names.ts, or pass --model <name>.`;
}

export function usageLine(usage: TokenUsage | undefined): string {
  if (!usage) return 'Tokens: not reported by Gemini';
  return `Tokens: ${usage.input} in, ${usage.output} out, ${usage.thoughts} thinking, ${usage.total} total`;
}

/** The turn as a person checking it reads it: the answer, each call and its outcome, the cost. */
export function turnLines(record: AskRecord): string[] {
  const { result } = record;
  const calls = record.calls.map((call, index) => {
    const outcome = call.envelope.ok
      ? 'ok'
      : `error ${call.envelope.error.code}: ${call.envelope.error.message}`;
    return `  ${index + 1}. ${call.name} ${JSON.stringify(call.arguments)} → ${outcome}`;
  });
  return [
    'Answer:',
    ...result.summary.answer.split('\n').map((line) => `  ${line}`),
    `Tool calls (${record.calls.length}):`,
    ...(calls.length > 0 ? calls : ['  (none)']),
    `Model steps: ${result.summary.steps}`,
    usageLine(result.summary.usage),
    `Turn ended: ${result.end}${result.error ? ` (${result.error.message})` : ''}`,
  ];
}

export async function run(argv: string[]): Promise<number> {
  const helpCode = helpExitCode(argv, USAGE, { argumentsRequired: false });
  if (helpCode !== undefined) return helpCode;
  const parsed = parseCheckFlags(argv);
  if ('error' in parsed) {
    console.error(`perch check-gemini: ${parsed.error}\n\n${USAGE}`);
    return 1;
  }
  const apiKey = process.env.GEMINI_API_KEY?.trim();
  if (!apiKey) {
    console.error(
      'perch check-gemini: GEMINI_API_KEY is not set. Export your Gemini API key (Google AI Studio → Get API key) and run again: GEMINI_API_KEY=… npx perch check-gemini',
    );
    return 1;
  }
  // Every line goes out scrubbed: a provider error or an echoed request must not carry the key.
  const out = (line: string) => console.log(redactText(line, [apiKey]));
  const fail = (line: string) => console.error(redactText(`perch check-gemini: ${line}`, [apiKey]));

  let models: ListedGeminiModel[];
  try {
    models = await listGeminiModels({ apiKey, ...(parsed.baseUrl ? { baseUrl: parsed.baseUrl } : {}) });
  } catch (error) {
    fail(`listing the models failed: ${(error as Error).message}`);
    return 1;
  }
  for (const line of listingLines(models, parsed.model)) out(line);
  const defaultServed = isServed(models, DEFAULT_GEMINI_MODEL);
  out(`Default ${DEFAULT_GEMINI_MODEL}: ${defaultServed ? 'served' : 'NOT served'}`);
  if (!defaultServed) fail(defaultMissingMessage(models));
  if (!isServed(models, parsed.model)) {
    if (parsed.model !== DEFAULT_GEMINI_MODEL)
      fail(`the model ${parsed.model} is not served for this key, so no question was asked.`);
    else fail('no question was asked.');
    return 1;
  }

  out('');
  out(`Asking ${parsed.model} on ${resolve(parsed.dataDir)}: ${parsed.question}`);
  let result: TurnResult;
  try {
    const asker = await openAsker({
      model: 'gemini',
      modelName: parsed.model,
      dataDir: resolve(parsed.dataDir),
      ...(parsed.baseUrl ? { baseUrl: parsed.baseUrl } : {}),
      env: { GEMINI_API_KEY: apiKey },
    });
    try {
      const record = await asker.ask(parsed.question, asker.conversation());
      for (const line of turnLines(record)) out(line);
      result = record.result;
    } finally {
      await asker.close();
    }
  } catch (error) {
    fail(`could not ask: ${(error as Error).message}`);
    return 1;
  }
  if (result.end !== 'answered') fail(`the turn ended '${result.end}', not 'answered'.`);
  return defaultServed && result.end === 'answered' ? 0 : 1;
}
