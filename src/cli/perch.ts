/**
 * `perch <command>`: thin Node entry point. Each command lives in its own file and is loaded
 * only when asked for, so `perch tools` does not start DuckDB.
 */
const COMMANDS: Record<
  string,
  { summary: string; load: () => Promise<{ run(argv: string[]): Promise<number> }> }
> = {
  tools: { summary: 'print the tool definitions a model would see', load: () => import('./tools-command') },
  tool: {
    summary: 'run one tool call (or a batch) through the registry, print envelopes',
    load: () => import('./tool-command'),
  },
  mcp: {
    summary: 'serve the tools to an MCP client over stdio (Model Context Protocol)',
    load: () => import('./mcp-command'),
  },
  ask: {
    summary: 'ask a question with the offline agent, Gemini or an OpenAI-compatible model',
    load: () => import('./ask-command'),
  },
  'check-gemini': {
    summary: 'list the models a GEMINI_API_KEY can use and ask one question end to end',
    load: () => import('./check-gemini'),
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(
    ([name, command]) => `  perch ${name.padEnd(12)} ${command.summary}`,
  );
  return [
    'usage: perch <command> [options]',
    '',
    ...lines,
    '',
    "Run 'perch <command> --help' for a command's options.",
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return name === undefined ? 1 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command === undefined) {
    console.error(`perch: unknown command '${name}'.\n\n${usage()}`);
    return 1;
  }
  return (await command.load()).run(rest);
}

process.exitCode = await main(process.argv.slice(2));

export {};
