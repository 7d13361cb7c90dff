import { resolve } from 'node:path';
import { redact, redactText } from '../registry';
import { type Asker, askJson, MODEL_KINDS, openAsker, parseAskFlags } from './ask-runner';
import { envSecrets } from './env-secrets';
import { helpExitCode } from './help-exit-code';

const USAGE = `usage: perch ask "<question>" ["<follow-up>" …] [options]

Runs the questions through the agent loop and the tool registry, in order, in ONE conversation
(so "and in winter?" follows up the question before it), and prints each answer.
Exit 0 when every turn ends with an answer (or a question back to you), 1 otherwise.

options:
  --model <kind>       ${MODEL_KINDS.join(' | ')} (default: offline; needs no key and no network)
  --json               one JSON line per question: answer, reading, tool calls with envelopes, layers, charts, stats, provenance, audit rows
  --data <dir>         folder holding catalog.json (default: $PERCH_DATA or public/data)
  --base-url <url>     Gemini endpoint override (tests), or the OpenAI-compatible server's /v1 URL
  --model-name <name>  model to ask (Gemini default: the adapter's; required for openai)

keys: GEMINI_API_KEY for --model gemini, OPENAI_API_KEY (optional) for --model openai.`;

/** Neither stream repeats a key, or a secret-shaped string a model or a tool echoed. */
const secrets = envSecrets();
const print = (text: string) => console.log(redactText(text, secrets));
const printError = (text: string) => console.error(redactText(text, secrets));

export async function run(argv: string[]): Promise<number> {
  const helpCode = helpExitCode(argv, USAGE, { argumentsRequired: true });
  if (helpCode !== undefined) return helpCode;
  const parsed = parseAskFlags(argv);
  if ('error' in parsed) {
    printError(`perch ask: ${parsed.error}\n\n${USAGE}`);
    return 1;
  }
  if (parsed.positional.length === 0) {
    printError(`perch ask: expected a question in quotes.\n\n${USAGE}`);
    return 1;
  }
  let asker: Asker;
  try {
    asker = await openAsker({ ...parsed.options, dataDir: resolve(parsed.options.dataDir) });
  } catch (error) {
    printError(`perch ask: ${(error as Error).message}`);
    return 1;
  }
  try {
    const conversation = asker.conversation();
    let failed = false;
    for (const question of parsed.positional) {
      const record = await asker.ask(question, conversation);
      if (parsed.json) console.log(JSON.stringify(redact(askJson(question, record), secrets)));
      else {
        if (parsed.positional.length > 1) print(`> ${question}`);
        print(`${record.result.summary.answer}\n`);
        if (record.result.error) printError(`perch ask: ${record.result.error.message}`);
      }
      failed ||= !(record.result.end === 'answered' || record.result.end === 'asked');
    }
    return failed ? 1 : 0;
  } finally {
    await asker.close();
  }
}
