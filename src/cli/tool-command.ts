import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createNodeEngine } from '../engine/node-engine';
import type { Engine } from '../engine/types';
import { createAuditLog, type Registry, type Session, type ToolEnvelope } from '../registry';
import { AGENTS, createPerchRegistry, tableAdderFor } from '../tools';
import { jsonLinesAuditSink } from './audit-file';

const USAGE = `usage: perch tool <name> '<json arguments>' [options]
       perch tool --batch <calls.jsonl> [options]

Runs tool calls through the registry exactly as an agent would and prints one envelope (JSON) per line.
Exit 0 when every call is ok, 1 when any is refused or fails.

options:
  --datasets a,b     tables in this session's scope (default: every catalog table)
  --data <dir>       folder holding catalog.json (default: $PERCH_DATA or public/data)
  --agent <name>     allow-list to call as (default: offline; one of ${Object.keys(AGENTS).join(', ')})
  --approve          approve write proposals (you are the person approving) and print the result too
  --audit <file>     append one audit row per call (JSON lines)`;

interface Options {
  calls: { name: string; arguments: unknown }[];
  datasets?: string[];
  dataDir: string;
  agent: string;
  approve: boolean;
  audit?: string;
}

export async function run(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  const options = parseOptions(argv);
  if ('error' in options) {
    console.error(`perch tool: ${options.error}\n\n${USAGE}`);
    return 1;
  }
  let engine: Engine;
  try {
    engine = await createNodeEngine({ dataDir: options.dataDir });
  } catch (error) {
    console.error(
      `perch tool: cannot open the data in ${options.dataDir} (${(error as Error).message}). Run npm run data, or pass --data <dir>.`,
    );
    return 1;
  }
  try {
    const catalogTables = Object.keys(engine.catalog.tables);
    const unknown = (options.datasets ?? []).filter((name) => !catalogTables.includes(name));
    if (unknown.length > 0) {
      console.error(
        `perch tool: --datasets names tables not in the catalog: ${unknown.join(', ')}. Tables: ${catalogTables.join(', ')}.`,
      );
      return 1;
    }
    const session: Session = { id: 'cli', datasets: options.datasets ?? catalogTables };
    const audit = createAuditLog(options.audit ? [jsonLinesAuditSink(resolve(options.audit))] : []);
    const registry = createPerchRegistry(
      {
        engine,
        addTable: tableAdderFor(
          engine,
          (_sessionId, table) => (session.datasets = [...session.datasets, table]),
        ),
      },
      { audit },
    );
    let allOk = true;
    for (const [index, call] of options.calls.entries()) {
      const envelopes = await runCall(registry, session, options, `cli-${index + 1}`, call);
      for (const envelope of envelopes) {
        console.log(JSON.stringify(envelope));
        allOk &&= envelope.ok;
      }
    }
    return allOk ? 0 : 1;
  } finally {
    await engine.close();
  }
}

async function runCall(
  registry: Registry,
  session: Session,
  options: Options,
  id: string,
  call: { name: string; arguments: unknown },
): Promise<ToolEnvelope[]> {
  const outcome = await registry.call(options.agent, toolCall(id, call), session);
  if (outcome.card === undefined || !options.approve) return [outcome.envelope];
  const approved = await registry.approve(outcome.card.id, outcome.card.arguments, session);
  return [{ ...outcome.envelope, ...{ card: outcome.card } } as ToolEnvelope, approved.envelope];
}

/** Arguments typed on the command line arrive as text; bad JSON is refused by the registry as `malformed_call`, as for a model. */
function toolCall(id: string, call: { name: string; arguments: unknown }) {
  if (typeof call.arguments !== 'string') return { id, name: call.name, arguments: call.arguments };
  try {
    return {
      id,
      name: call.name,
      arguments: call.arguments.trim() === '' ? {} : (JSON.parse(call.arguments) as unknown),
    };
  } catch (error) {
    return {
      id,
      name: call.name,
      arguments: call.arguments,
      malformed: `arguments are not valid JSON (${(error as Error).message}); send a JSON object such as {"species": "yebsap"}`,
    };
  }
}

function parseOptions(argv: string[]): Options | { error: string } {
  const positional: string[] = [];
  const options: Options = {
    calls: [],
    dataDir: resolve(process.env.PERCH_DATA ?? 'public/data'),
    agent: 'offline',
    approve: false,
  };
  let batch: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    const value = argv[index + 1];
    if (argument === '--approve') options.approve = true;
    else if (!argument.startsWith('--')) positional.push(argument);
    else if (value === undefined) return { error: `option ${argument} needs a value` };
    else {
      index++;
      if (argument === '--datasets')
        options.datasets = value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
      else if (argument === '--data') options.dataDir = resolve(value);
      else if (argument === '--batch') batch = value;
      else if (argument === '--audit') options.audit = value;
      else if (argument === '--agent' && Object.hasOwn(AGENTS, value)) options.agent = value;
      else return { error: `unknown option '${argument} ${value}'` };
    }
  }
  if (batch !== undefined) {
    if (positional.length > 0) return { error: 'give either --batch or a tool name, not both' };
    const lines = readFileSync(resolve(batch), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    for (const [number, line] of lines.entries()) {
      try {
        const parsed = JSON.parse(line) as { name?: unknown; arguments?: unknown };
        if (typeof parsed.name !== 'string')
          return { error: `${batch} line ${number + 1}: "name" must be a string` };
        options.calls.push({ name: parsed.name, arguments: parsed.arguments ?? {} });
      } catch (error) {
        return { error: `${batch} line ${number + 1} is not JSON: ${(error as Error).message}` };
      }
    }
    return options;
  }
  const [name, json = '{}'] = positional;
  if (name === undefined || positional.length > 2)
    return { error: 'expected a tool name and at most one JSON argument' };
  // The JSON is passed to the registry as text, so a malformed one is refused there (malformed_call/invalid_arguments) like a model's.
  options.calls.push({ name, arguments: json });
  return options;
}
