import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../tools';

const ROOT = new URL('../..', import.meta.url).pathname;
const dataDir = process.env.PERCH_TEST_DATA;
if (!dataDir)
  console.warn(
    '[mcp] skipping perch mcp over stdio: PERCH_TEST_DATA is unset (test/global-setup.ts builds the example)',
  );

/** What these tests read of a reply (initialize, tools/list and tools/call results alike). */
interface Reply {
  jsonrpc: string;
  id: string | number | null;
  result?: {
    protocolVersion?: string;
    tools?: { name: string; inputSchema: unknown }[];
    content?: { type: string; text: string }[];
    structuredContent?: {
      candidates?: unknown[];
      error?: { code: string; message: string; hint?: string; problems?: unknown[] };
    };
    isError?: boolean;
  };
  error?: { code: number; message: string; data?: { code?: string } };
}

/** `node bin/perch.mjs mcp …` as an MCP client starts it: requests on stdin, one reply a line on stdout. */
class McpClient {
  readonly lines: string[] = [];
  private readonly waiting = new Map<string | number | null, (reply: Reply) => void>();
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly exited: Promise<number | null>;
  private nextId = 1;

  constructor(args: string[]) {
    this.child = spawn('node', ['bin/perch.mjs', 'mcp', ...args], { cwd: ROOT });
    this.exited = new Promise((resolve) => this.child.on('exit', resolve));
    this.child.stderr.resume();
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.lines.push(line);
      const reply = JSON.parse(line) as Reply;
      this.waiting.get(reply.id)?.(reply);
    });
  }

  request(method: string, params?: unknown): Promise<Reply> {
    const id = this.nextId++;
    return this.send({ jsonrpc: '2.0', id, method, params }, id);
  }

  /** Sends raw text; the reply is expected with `id` (null for a message the server could not read). */
  send(message: unknown, id: string | number | null): Promise<Reply> {
    const reply = new Promise<Reply>((resolve) => this.waiting.set(id, resolve));
    this.child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
    return reply;
  }

  notify(method: string, params?: unknown): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
  }

  /** Closes stdin, as a client does when it disconnects; resolves with the exit code. */
  close(): Promise<number | null> {
    this.child.stdin.end();
    return this.exited;
  }
}

describe.skipIf(!dataDir)('perch mcp over stdio', () => {
  const audit = join(mkdtempSync(join(tmpdir(), 'perch-mcp-')), 'audit.jsonl');
  let client: McpClient;
  beforeAll(() => {
    client = new McpClient(['--data', dataDir!, '--datasets', 'species,weekly,regions', '--audit', audit]);
  });
  afterAll(() => client.close());

  it('initialize answers the protocol version asked for, the tools capability and the server name', async () => {
    const reply = await client.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'vitest', version: '1' },
    });
    expect(reply.result).toMatchObject({
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 'perch' },
    });
    client.notify('notifications/initialized');
    expect((await client.request('ping')).result).toEqual({});
  });

  it('an unknown protocol version is answered with the latest one', async () => {
    const reply = await client.request('initialize', { protocolVersion: '1999-01-01', capabilities: {} });
    expect(reply.result?.protocolVersion).toBe('2025-11-25');
  });

  it('tools/list lists every tool of the mcp allow-list with its input schema', async () => {
    const tools = (await client.request('tools/list')).result?.tools ?? [];
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS.map((tool) => tool.name).sort());
    const findSpecies = tools.find((tool) => tool.name === 'find_species');
    expect(findSpecies?.inputSchema).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string' } },
    });
  });

  it('tools/call runs find_species on the data: JSON text plus the same value as structuredContent', async () => {
    const { result } = await client.request('tools/call', {
      name: 'find_species',
      arguments: { text: 'yellow-bellied' },
    });
    expect(result?.isError).toBe(false);
    expect(result?.content).toHaveLength(1);
    expect(result?.content?.[0]?.type).toBe('text');
    expect(JSON.parse(result?.content?.[0]?.text ?? '')).toEqual(result?.structuredContent);
    expect(result?.structuredContent?.candidates?.[0]).toMatchObject({
      species_code: 'yebsap',
      common_name: 'Yellow-bellied Sapsucker',
    });
  });

  it('a table outside the session scope is refused as a tool error the model can read (isError)', async () => {
    const { result } = await client.request('tools/call', {
      name: 'describe_table',
      arguments: { table: 'trends' },
    });
    expect(result?.isError).toBe(true);
    expect(JSON.parse(result?.content?.[0]?.text ?? '').error.code).toBe('out_of_scope');
    expect(result?.structuredContent?.error?.hint).toMatch(/regions, species, weekly/);
  });

  it('arguments the schema refuses come back as invalid_arguments with the problems', async () => {
    const { result } = await client.request('tools/call', {
      name: 'find_species',
      arguments: { text: 'sapsucker', datasets: ['trends'] },
    });
    expect(result?.isError).toBe(true);
    expect(result?.structuredContent?.error?.code).toBe('invalid_arguments');
    expect(JSON.stringify(result?.structuredContent?.error?.problems)).toContain('datasets');
  });

  it('an unknown tool is a JSON-RPC protocol error (-32602), as the spec says', async () => {
    const reply = await client.request('tools/call', { name: 'drop_tables', arguments: {} });
    expect(reply.result).toBeUndefined();
    expect(reply.error).toMatchObject({ code: -32602, data: { code: 'unknown_tool' } });
  });

  it('unreadable lines, unknown methods and bad params get JSON-RPC errors, not a crash', async () => {
    expect((await client.send('{"jsonrpc":', null)).error?.code).toBe(-32700);
    expect((await client.send('[{"jsonrpc":"2.0","id":90,"method":"ping"}]', null)).error?.code).toBe(-32600);
    expect((await client.request('resources/list')).error?.code).toBe(-32601);
    expect((await client.request('tools/call', { arguments: {} })).error?.code).toBe(-32602);
    expect((await client.request('ping')).result).toEqual({});
  });

  it('stdout carries only JSON-RPC messages; each call wrote one audit row; stdin closed ends the server', async () => {
    expect(await client.close()).toBe(0);
    for (const line of client.lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    const rows = readFileSync(audit, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((row) => [row.agent, row.tool, row.code ?? 'ok'])).toEqual([
      ['mcp', 'find_species', 'ok'],
      ['mcp', 'describe_table', 'out_of_scope'],
      ['mcp', 'find_species', 'invalid_arguments'],
      ['mcp', 'drop_tables', 'unknown_tool'],
    ]);
  });
});
