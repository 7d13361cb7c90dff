import type { Engine } from '../engine';
import { PROVIDERS, type Provider } from '../registry';
import { AGENTS, createPerchRegistry } from '../tools';

const USAGE = `usage: perch tools [--provider ${PROVIDERS.join('|')}] [--agent ${Object.keys(AGENTS).join('|')}]

Prints, as JSON, the tool definitions a model of that provider is given (default: gemini, agent offline).`;

/** `perch tools`: the definitions only; no data is read and DuckDB is not started. */
export async function run(argv: string[]): Promise<number> {
  const options = parseOptions(argv);
  if ('error' in options) {
    console.error(`perch tools: ${options.error}\n\n${USAGE}`);
    return 1;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  // Definitions never run a tool, so no engine is started for them.
  const registry = createPerchRegistry({ engine: undefined as unknown as Engine });
  console.log(JSON.stringify(registry.definitions(options.agent, options.provider), null, 2));
  return 0;
}

function parseOptions(
  argv: string[],
): { provider: Provider; agent: string; help: boolean } | { error: string } {
  let provider: Provider = 'gemini';
  let agent = 'offline';
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--help' || argument === '-h') return { provider, agent, help: true };
    const value = argv[index + 1];
    if (argument === '--provider' && value !== undefined && (PROVIDERS as readonly string[]).includes(value))
      provider = value as Provider;
    else if (argument === '--agent' && value !== undefined && Object.hasOwn(AGENTS, value)) agent = value;
    else
      return { error: `unknown or incomplete option '${argument}${value === undefined ? '' : ` ${value}`}'` };
    index++;
  }
  return { provider, agent, help: false };
}
