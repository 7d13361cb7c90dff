import { resolve } from 'node:path';
import { createNodeEngine } from '../engine/node-engine';
import type { Engine } from '../engine';
import { createAuditLog, type Registry, type Session } from '../registry';
import { AGENTS, createPerchRegistry, tableAdderFor } from '../tools';
import { jsonLinesAuditSink } from './audit-file';
import { envSecrets } from './env-secrets';
import { GEMINI_ORIGIN, parseConnectSources } from '../site/csp-plugin';
import { guardFetch } from '../worker/connect-policy';

/** Where the data is, which tables the session may read, whose allow-list calls run under, and where audit rows go. */
export interface ToolSessionOptions {
  dataDir: string;
  /** Allow-list the calls run under (an `AGENTS` key). */
  agent: string;
  /** Tables in this session's scope; every catalog table when absent. */
  datasets?: string[];
  /** Append one audit row per call to this JSON-lines file. */
  audit?: string;
}

/** The registry over the Node engine, and the one session every call of this process runs in. */
export interface ToolSession {
  registry: Registry;
  session: Session;
  close(): Promise<void>;
}

/**
 * The setup `perch tool` and `perch mcp` share, so both run calls with the same scope and audit:
 * the scope comes from --datasets (the session), never from a call's arguments.
 */
export async function openToolSession(options: ToolSessionOptions): Promise<ToolSession | { error: string }> {
  let engine: Engine;
  try {
    engine = await createNodeEngine({ dataDir: options.dataDir });
  } catch (error) {
    return {
      error: `cannot open the data in ${options.dataDir} (${(error as Error).message}). Run npm run data, or pass --data <dir>.`,
    };
  }
  const catalogTables = Object.keys(engine.catalog.tables);
  const unknown = (options.datasets ?? []).filter((name) => !catalogTables.includes(name));
  if (unknown.length > 0) {
    await engine.close();
    return {
      error: `--datasets names tables not in the catalog: ${unknown.join(', ')}. Tables: ${catalogTables.join(', ')}.`,
    };
  }
  const session: Session = { id: 'cli', datasets: options.datasets ?? catalogTables, secrets: envSecrets() };
  const audit = createAuditLog(options.audit ? [jsonLinesAuditSink(resolve(options.audit))] : []);
  const registry = createPerchRegistry(
    {
      engine,
      fetch: cliFetch(),
      addTable: tableAdderFor(
        engine,
        (_sessionId, table) => (session.datasets = [...session.datasets, table]),
      ),
    },
    { audit },
  );
  return { registry, session, close: () => engine.close() };
}

/**
 * The page's connect policy, for the CLI: the red team's add_dataset_from_url reached any host from `perch tool`
 * while the page's worker allowed only its connect-src. Same sources (Gemini, PERCH_CONNECT_SRC or
 * localhost), and no "own origin": the CLI reads its data from a folder, not a host.
 */
function cliFetch(): typeof fetch {
  const sources = [GEMINI_ORIGIN, ...parseConnectSources(process.env.PERCH_CONNECT_SRC)];
  return guardFetch(globalThis.fetch, NO_ORIGIN, sources);
}
/** An origin no URL has (RFC 2606 `.invalid`), so only `sources` are allowed. */
const NO_ORIGIN = 'https://cli.perch.invalid';

/** The options every session command starts from: $PERCH_DATA or public/data, every table, no audit file. */
export function defaultSessionOptions(agent: string): ToolSessionOptions {
  return { dataDir: resolve(process.env.PERCH_DATA ?? 'public/data'), agent };
}

/** Reads one of the shared options into `options`; false when `argument value` is not one of them. */
export function readSessionOption(options: ToolSessionOptions, argument: string, value: string): boolean {
  if (argument === '--datasets')
    options.datasets = value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
  else if (argument === '--data') options.dataDir = resolve(value);
  else if (argument === '--audit') options.audit = value;
  else if (argument === '--agent' && Object.hasOwn(AGENTS, value)) options.agent = value;
  else return false;
  return true;
}

/** The usage lines for the shared options. */
export const SESSION_OPTIONS_USAGE = `  --datasets a,b     tables in this session's scope (default: every catalog table)
  --data <dir>       folder holding catalog.json (default: $PERCH_DATA or public/data)
  --agent <name>     allow-list to call as (one of ${Object.keys(AGENTS).join(', ')})
  --audit <file>     append one audit row per call (JSON lines)`;
