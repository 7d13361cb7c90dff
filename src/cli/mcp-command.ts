import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createMcpServer } from './mcp-server';
import {
  defaultSessionOptions,
  openToolSession,
  readSessionOption,
  SESSION_OPTIONS_USAGE,
} from './tool-session';
import { helpExitCode } from './help-exit-code';

const USAGE = `usage: perch mcp [options]

Serves Perch's tools to an MCP client (Model Context Protocol, stdio): one JSON-RPC message a line
on stdin and stdout, logs on stderr. Calls run through the registry as in 'perch tool': the
allow-list, the session's tables, argument checks, deadlines and audit rows are the same. Write
tools only propose and nothing here approves them, so add_dataset_from_url answers 'proposed'.

options (--agent defaults to mcp):
${SESSION_OPTIONS_USAGE}`;

const SERVER_INFO = {
  name: 'perch',
  version: (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version,
};

/** `perch mcp`: runs until the client closes stdin. */
export async function run(argv: string[]): Promise<number> {
  const helpCode = helpExitCode(argv, USAGE, { argumentsRequired: false });
  if (helpCode !== undefined) return helpCode;
  const options = defaultSessionOptions('mcp');
  for (let index = 0; index < argv.length; index += 2) {
    const [argument, value] = [argv[index], argv[index + 1]];
    if (value === undefined || !readSessionOption(options, argument, value)) {
      console.error(
        `perch mcp: unknown or incomplete option '${argv.slice(index, index + 2).join(' ')}'\n\n${USAGE}`,
      );
      return 1;
    }
  }
  // stdout carries only protocol messages (the stdio transport says the server MUST NOT write
  // anything else there), so whatever else in the process logs goes to stderr.
  const writeOut = process.stdout.write.bind(process.stdout);
  console.log = console.info = console.debug = console.error;
  const opened = await openToolSession(options);
  if ('error' in opened) {
    console.error(`perch mcp: ${opened.error}`);
    return 1;
  }
  const server = createMcpServer({
    registry: opened.registry,
    session: opened.session,
    agent: options.agent,
    serverInfo: SERVER_INFO,
  });
  console.error(
    `perch mcp: serving ${opened.registry.definitions(options.agent, 'mcp').length} tools as agent '${options.agent}' over ${opened.session.datasets.join(', ')}`,
  );
  const pending = new Set<Promise<void>>();
  try {
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line.trim() === '') continue;
      // Requests are answered as they finish, so a ping is not held behind a slow query.
      const handled = server.handleLine(line).then((reply) => {
        if (reply !== undefined) writeOut(`${reply}\n`);
      });
      pending.add(handled);
      void handled.finally(() => pending.delete(handled));
    }
    await Promise.all(pending);
    return 0;
  } finally {
    await opened.close();
  }
}
