import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type Registry,
  redact,
  redactText,
  type Session,
  type ToolCall,
  type ToolEnvelope,
} from '../registry';
import { parseArgumentsText, toToolCall } from '../registry/tool-call';
import { envSecrets } from './env-secrets';
import { readBatch } from './read-batch';
import {
  defaultSessionOptions,
  openToolSession,
  readSessionOption,
  SESSION_OPTIONS_USAGE,
  type ToolSessionOptions,
} from './tool-session';
import { helpExitCode } from './help-exit-code';

const USAGE = `usage: perch tool <name> '<json arguments>' [options]
       perch tool --batch <calls.jsonl> [options]

Runs tool calls through the registry exactly as an agent would and prints one envelope (JSON) per line.
Exit 0 when every call is ok, 1 when any is refused or fails.

options (--agent defaults to offline):
${SESSION_OPTIONS_USAGE}
  --approve          approve write proposals (you are the person approving) and print the result too`;

interface Options extends ToolSessionOptions {
  calls: ToolCall[];
  approve: boolean;
}

/** stdout holds envelopes only, one JSON line each, and neither stream any secret of any shape. */
const secrets = envSecrets();
const printLine = (value: unknown) => console.log(JSON.stringify(redact(value, secrets)));
const printError = (text: string) => console.error(redactText(text, secrets));

export async function run(argv: string[]): Promise<number> {
  const helpCode = helpExitCode(argv, USAGE, { argumentsRequired: true });
  if (helpCode !== undefined) return helpCode;
  const options = parseOptions(argv);
  if ('error' in options) {
    printError(`perch tool: ${options.error}\n\n${USAGE}`);
    return 1;
  }
  const opened = await openToolSession(options);
  if ('error' in opened) {
    printError(`perch tool: ${opened.error}`);
    return 1;
  }
  const { registry, session } = opened;
  try {
    let allOk = true;
    for (const call of options.calls) {
      const envelopes = await runCall(registry, session, options, call);
      for (const envelope of envelopes) {
        printLine(envelope);
        allOk &&= envelope.ok;
      }
    }
    return allOk ? 0 : 1;
  } finally {
    await opened.close();
  }
}

async function runCall(
  registry: Registry,
  session: Session,
  options: Options,
  call: ToolCall,
): Promise<ToolEnvelope[]> {
  const outcome = await registry.call(options.agent, call, session);
  if (outcome.card === undefined || !options.approve) return [outcome.envelope];
  const approved = await registry.approve(outcome.card.id, outcome.card.arguments, session);
  return [{ ...outcome.envelope, ...{ card: outcome.card } } as ToolEnvelope, approved.envelope];
}

function parseOptions(argv: string[]): Options | { error: string } {
  const positional: string[] = [];
  const options: Options = { ...defaultSessionOptions('offline'), calls: [], approve: false };
  let batch: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    const value = argv[index + 1];
    if (argument === '--approve') options.approve = true;
    else if (!argument.startsWith('--')) positional.push(argument);
    else if (value === undefined) return { error: `option ${argument} needs a value` };
    else {
      index++;
      if (argument === '--batch') batch = value;
      else if (!readSessionOption(options, argument, value))
        return { error: `unknown option '${argument} ${value}'` };
    }
  }
  if (batch !== undefined) {
    if (positional.length > 0) return { error: 'give either --batch or a tool name, not both' };
    let text: string;
    try {
      text = readFileSync(resolve(batch), 'utf8');
    } catch (error) {
      return { error: `cannot read ${batch} (${(error as NodeJS.ErrnoException).code ?? 'EIO'})` };
    }
    options.calls = readBatch(text);
    return options;
  }
  const [name, json = '{}'] = positional;
  if (name === undefined || positional.length > 2)
    return { error: 'expected a tool name and at most one JSON argument' };
  // Arguments typed on the command line arrive as text, as a model's do: a malformed one is refused by the registry (malformed_call).
  options.calls.push(toToolCall('cli-1', name, parseArgumentsText(json)));
  return options;
}
