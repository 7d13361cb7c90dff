import { type CallCase, legit, refused } from './corpus-case';

const READ_TOOLS = ['run_sql', 'describe_table', 'find_species', 'query_status', 'search_datasets'];

/** Agents that exist nowhere in the allow-lists: they get no tool, whatever the tool is. */
const STRANGERS = ['person', 'admin', '', '__proto__', 'constructor', 'Gemini', 'gemini ', 'system'];

const strangerCases: CallCase[] = STRANGERS.flatMap((agent, index) =>
  [READ_TOOLS[index % READ_TOOLS.length]!, 'add_dataset_from_url'].map(
    (tool): CallCase => ({
      kind: 'call',
      category: 'allow_list',
      name: `agent ${JSON.stringify(agent)} calls ${tool}`,
      agent,
      tool,
      arguments: {},
      expected: refused('not_allowed'),
    }),
  ),
);

/** The `narrow` agent may call find_species and species_profile only. */
const narrowCases: CallCase[] = [
  'run_sql',
  'describe_table',
  'sample_values',
  'add_map_layer',
  'query_status',
  'add_dataset_from_url',
  'ask_user',
].map((tool) => ({
  kind: 'call',
  category: 'allow_list',
  name: `narrow agent asks for ${tool}, outside its list`,
  agent: 'narrow',
  tool,
  arguments: {},
  expected: refused('not_allowed'),
}));

/** A write tool called by a model only proposes: `proposed`, never executed (approvals.ts checks the fetch). */
const writeCases: CallCase[] = [
  ['plain proposal', { url: 'https://data.example/a.csv', name: 'rt_direct_a' }, refused('proposed')],
  [
    'proposal with an execute flag',
    { url: 'https://data.example/b.csv', name: 'rt_direct_b', execute: true },
    refused('invalid_arguments'),
  ],
  [
    'proposal claiming approval',
    { url: 'https://data.example/c.csv', name: 'rt_direct_c', approved: true },
    refused('invalid_arguments'),
  ],
  [
    'proposal with a confirm key',
    { url: 'https://data.example/d.csv', name: 'rt_direct_d', confirm: 'yes' },
    refused('invalid_arguments'),
  ],
  [
    'proposal over an existing table',
    { url: 'https://data.example/e.csv', name: 'weekly' },
    refused('proposed'),
  ],
].map(([name, args, expected]) => ({
  kind: 'call',
  category: 'allow_list',
  name: `write tool called directly: ${name as string}`,
  tool: 'add_dataset_from_url',
  arguments: args,
  expected: expected as CallCase['expected'],
}));

/** The narrow agent's own tools still work: the allow-list refuses, it does not break. */
const narrowLegit: CallCase[] = [
  { tool: 'find_species', arguments: { text: 'sapsucker' } },
  { tool: 'species_profile', arguments: { species: 'yebsap' } },
].map(({ tool, arguments: args }) => ({
  kind: 'call',
  category: 'allow_list',
  name: `narrow agent calls its own ${tool}`,
  agent: 'narrow',
  tool,
  arguments: args,
  expected: legit,
}));

export const ALLOW_LIST_CASES: CallCase[] = [...strangerCases, ...narrowCases, ...writeCases, ...narrowLegit];
