import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallOptions, type CallOutcome, createRegistry, type Session } from '../registry';
import type { Engine } from '../engine';
import type { Catalog } from '../catalog/types';
import { AGENTS, TOOLS } from './index';
import { MAX_DATASET_BYTES } from './add-dataset-from-url';
import { startRecordingServer } from '../../test/helpers/recording-server';
import type { AddTableRequest } from './support/table-adder';

const CSV =
  'site,lon,lat,count,seen_on\nPoint Pelee,-82.5,41.9,3,2023-05-01\n"Tawas, Point",-83.4,44.2,,2023-05-02\n';
let server: Server;
let base: string;
const requests: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.url === '/big.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end(`a\n${'1\n'.repeat(30_000_000)}`);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(Buffer.byteLength(CSV)) });
    response.end(request.method === 'HEAD' ? undefined : CSV);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The engine has no addTable yet (see add-table-to-engine.ts), so a recording adder stands in for the host. */
function setup(fetchFor?: typeof fetch) {
  const added: AddTableRequest[] = [];
  const catalog = { tables: { weekly: {} } } as unknown as Catalog;
  const registry = createRegistry({
    tools: TOOLS,
    agents: AGENTS,
    services: {
      engine: { catalog } as Engine,
      addTable: async (request: AddTableRequest) => {
        added.push(request);
        return { rows: request.table.rows };
      },
      ...(fetchFor ? { fetch: fetchFor } : {}),
    },
  });
  const session: Session = { id: 's1', datasets: ['weekly'] };
  /** The model proposes the download (as call c1); nothing is fetched until a person approves. */
  const propose = (args: { url: string; name: string }, proposer: Session = session) =>
    registry.call('offline', { id: 'c1', name: 'add_dataset_from_url', arguments: args }, proposer);
  /** A person approves the card with the arguments it shows. */
  const approve = (proposal: CallOutcome, options?: CallOptions) =>
    registry.approve(proposal.card!.id, proposal.card!.arguments, session, options);
  return { registry, added, session, propose, approve };
}

describe('add_dataset_from_url', () => {
  it('proposing sends no request and adds nothing; the card says the download is capped', async () => {
    const { added, propose } = setup();
    requests.length = 0;
    const outcome = await propose({ url: `${base}/sightings.csv`, name: 'sightings' });
    expect(outcome.envelope).toMatchObject({ ok: false, error: { code: 'proposed' } });
    expect(outcome.card!.summary.effects.join(' ')).toContain(MAX_DATASET_BYTES.toLocaleString('en-US'));
    expect(requests).toEqual([]);
    expect(added).toHaveLength(0);
  });

  it('runs once after approval: fetches, profiles and adds the table; a second approval is refused', async () => {
    const { added, propose, approve } = setup();
    const proposal = await propose({ url: `${base}/sightings.csv`, name: 'sightings' });
    const approved = await approve(proposal);
    expect(approved.envelope).toMatchObject({
      ok: true,
      data: { table: 'sightings', format: 'csv', rows: 2 },
    });
    expect(added).toHaveLength(1);
    const table = added[0].table;
    expect(table.columns.map((column) => [column.name, column.type])).toEqual([
      ['site', 'VARCHAR'],
      ['lon', 'DOUBLE'],
      ['lat', 'DOUBLE'],
      ['count', 'INTEGER'],
      ['seen_on', 'DATE'],
    ]);
    expect(table.columns[0].examples).toEqual(['Point Pelee', 'Tawas, Point']);
    expect(table.columns[3].null_fraction).toBe(0.5);
    expect(table.geometry).toEqual({ kind: 'lonlat', lon: 'lon', lat: 'lat' });
    expect(added[0].sessionId).toBe('s1');
    const again = await approve(proposal);
    expect(again.envelope).toMatchObject({ ok: false, error: { code: 'approval_used' } });
    expect(added).toHaveLength(1);
  });

  it('stops a download larger than the cap', async () => {
    const { added, propose, approve } = setup();
    const proposal = await propose({ url: `${base}/big.csv`, name: 'big' });
    const approved = await approve(proposal);
    expect(approved.envelope).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect(added).toHaveLength(0);
  });

  it('a name that is already a table is refused at execution', async () => {
    const { added, propose, approve } = setup();
    const proposal = await propose({ url: `${base}/sightings.csv`, name: 'weekly' });
    expect(proposal.card!.summary.effects.at(-1)).toMatch(/already exists/);
    const approved = await approve(proposal);
    expect(approved.envelope).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(added).toHaveLength(0);
  });
});

describe('add_dataset_from_url under the worker connect policy', () => {
  it('an approved URL on a host the site does not allow fails as fetch_failed, not internal_error, and adds nothing', async () => {
    const { guardFetch } = await import('../worker/connect-policy');
    const { added, propose, approve } = setup(
      guardFetch(fetch, 'https://birder.github.io', ['https://generativelanguage.googleapis.com']),
    );
    const proposal = await propose({ url: 'https://example.invalid/x.csv', name: 'x' });
    const approved = await approve(proposal);
    expect(approved.envelope).toMatchObject({
      ok: false,
      error: { code: 'fetch_failed', message: expect.stringContaining('connect_blocked') },
    });
    expect(added).toEqual([]);
  });
});

describe('add_dataset_from_url sends nothing before approval (red team, issue 13)', () => {
  it('a recording server sees no request while the proposal waits, and exactly one GET after approval', async () => {
    const server = await startRecordingServer(() => ({ headers: { 'content-type': 'text/csv' }, text: CSV }));
    try {
      const { added, propose, approve } = setup();
      const proposal = await propose({ url: `${server.url}/waiting.csv`, name: 'waiting' });
      expect(proposal.envelope).toMatchObject({ ok: false, error: { code: 'proposed' } });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.requests).toEqual([]);
      // Twenty approvals in one tick: the server still sees one download.
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => approve(proposal)));
      expect(outcomes.filter((outcome) => outcome.envelope.ok)).toHaveLength(1);
      expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
        'GET /waiting.csv',
      ]);
      expect(added.map((request) => request.name)).toEqual(['waiting']);
    } finally {
      await server.close();
    }
  });
});

describe('add_dataset_from_url enforces the size limit while downloading', () => {
  /** Streams `total` bytes of CSV in 1 MB chunks, honouring backpressure; counts what it handed the socket before it closed. */
  async function streamingServer(total: number, headers: Record<string, string> = {}) {
    const chunk = Buffer.from('1,2\n'.repeat(262_144)); // 1 MiB
    const stats = { written: 0, closedEarly: false };
    const server = createServer((_request, response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'text/csv', ...headers });
      let closed = false;
      response.on('close', () => {
        closed = true;
        if (stats.written < total) stats.closedEarly = true;
      });
      const pump = () => {
        while (!closed && stats.written < total) {
          const piece = chunk.subarray(0, Math.min(chunk.byteLength, total - stats.written));
          stats.written += piece.byteLength;
          if (!response.write(piece)) return void response.once('drain', pump);
        }
        if (!closed) response.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url,
      stats,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  it('a body over the limit with no length is aborted mid-stream as too_large: the server could not send it all', async () => {
    const sent = 4 * MAX_DATASET_BYTES;
    const server = await streamingServer(sent);
    try {
      const { added, propose, approve } = setup();
      const proposal = await propose({ url: `${server.url}/huge.csv`, name: 'huge' });
      const approved = await approve(proposal, { timeoutMs: 60_000 });
      expect(approved.envelope).toMatchObject({
        ok: false,
        error: { code: 'too_large', message: expect.stringContaining(String(MAX_DATASET_BYTES)) },
      });
      expect(added).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.stats.closedEarly).toBe(true);
      // It read past the limit (that is how it knew), then hung up long before the end.
      expect(server.stats.written).toBeGreaterThan(MAX_DATASET_BYTES);
      expect(server.stats.written).toBeLessThan(sent / 2);
    } finally {
      await server.close();
    }
  });

  it('a Content-Length over the limit is refused before the body is read', async () => {
    const sent = 2 * MAX_DATASET_BYTES;
    const server = await streamingServer(sent, { 'content-length': String(sent) });
    try {
      const { added, propose, approve } = setup();
      const proposal = await propose({ url: `${server.url}/declared.csv`, name: 'declared' });
      const approved = await approve(proposal, { timeoutMs: 60_000 });
      expect(approved.envelope).toMatchObject({
        ok: false,
        error: { code: 'too_large', message: expect.stringContaining(String(sent)) },
      });
      expect(added).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.stats.closedEarly).toBe(true);
      expect(server.stats.written).toBeLessThan(MAX_DATASET_BYTES);
    } finally {
      await server.close();
    }
  });
});

describe('add_dataset_from_url approval rows keep no secret', () => {
  it('a key in the URL is redacted in the approval row even though the approving session carries no secrets (as the worker approves)', async () => {
    const key = 'AIzaSyTESTKEY1111111111111111111111111'.replace('AIza', 'k3y-');
    const { registry, session, propose, approve } = setup();
    const proposal = await propose(
      { url: `${base}/sightings.csv?token=${key}`, name: 'sightings' },
      { ...session, secrets: [key] },
    );
    const approved = await approve(proposal);
    expect(approved.audit).toMatchObject({ agent: 'person', outcome: 'approved' });
    expect(approved.audit.arguments).toMatchObject({ url: `${base}/sightings.csv?token=[redacted]` });
    for (const entry of registry.audit.entries()) expect(JSON.stringify(entry)).not.toContain(key);
  });
});
