import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry } from '../registry';
import type { Engine } from '../engine/types';
import type { Catalog } from '../catalog/types';
import { AGENTS, TOOLS } from './index';
import type { AddTableRequest } from './support/table-adder';

const CSV = 'site,lon,lat,count,seen_on\nPoint Pelee,-82.5,41.9,3,2023-05-01\n"Tawas, Point",-83.4,44.2,,2023-05-02\n';
let server: Server;
let base: string;
const requests: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.url === '/big.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end('a\n' + '1\n'.repeat(30_000_000));
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
function setup() {
  const added: AddTableRequest[] = [];
  const catalog = { tables: { weekly: {} } } as unknown as Catalog;
  const registry = createRegistry({
    tools: TOOLS, agents: AGENTS,
    services: { engine: { catalog } as Engine, addTable: async (request: AddTableRequest) => (added.push(request), { rows: request.table.rows }) },
  });
  return { registry, added, session: { id: 's1', datasets: ['weekly'] } };
}

describe('add_dataset_from_url', () => {
  it('proposes a card with the size from HEAD and does not fetch or add anything', async () => {
    const { registry, added, session } = setup();
    requests.length = 0;
    const outcome = await registry.call('offline', { id: 'c1', name: 'add_dataset_from_url', arguments: { url: `${base}/sightings.csv`, name: 'sightings' } }, session);
    expect(outcome.envelope).toMatchObject({ ok: false, error: { code: 'proposed' } });
    expect(outcome.card!.summary.effects).toContain(`download ${Buffer.byteLength(CSV)} bytes`);
    expect(requests).toEqual(['HEAD /sightings.csv']);
    expect(added).toHaveLength(0);
  });

  it('runs once after approval: fetches, profiles and adds the table; a second approval is refused', async () => {
    const { registry, added, session } = setup();
    const proposal = await registry.call('offline', { id: 'c1', name: 'add_dataset_from_url', arguments: { url: `${base}/sightings.csv`, name: 'sightings' } }, session);
    const approved = await registry.approve(proposal.card!.id, proposal.card!.arguments, session);
    expect(approved.envelope).toMatchObject({ ok: true, data: { table: 'sightings', format: 'csv', rows: 2 } });
    expect(added).toHaveLength(1);
    const table = added[0].table;
    expect(table.columns.map((column) => [column.name, column.type])).toEqual([['site', 'VARCHAR'], ['lon', 'DOUBLE'], ['lat', 'DOUBLE'], ['count', 'INTEGER'], ['seen_on', 'DATE']]);
    expect(table.columns[0].examples).toEqual(['Point Pelee', 'Tawas, Point']);
    expect(table.columns[3].null_fraction).toBe(0.5);
    expect(table.geometry).toEqual({ kind: 'lonlat', lon: 'lon', lat: 'lat' });
    expect(added[0].sessionId).toBe('s1');
    const again = await registry.approve(proposal.card!.id, proposal.card!.arguments, session);
    expect(again.envelope).toMatchObject({ ok: false, error: { code: 'approval_used' } });
    expect(added).toHaveLength(1);
  });

  it('stops a download larger than the cap', async () => {
    const { registry, added, session } = setup();
    const proposal = await registry.call('offline', { id: 'c1', name: 'add_dataset_from_url', arguments: { url: `${base}/big.csv`, name: 'big' } }, session);
    const approved = await registry.approve(proposal.card!.id, proposal.card!.arguments, session);
    expect(approved.envelope).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect(added).toHaveLength(0);
  });

  it('a name that is already a table is refused at execution', async () => {
    const { registry, added, session } = setup();
    const proposal = await registry.call('offline', { id: 'c1', name: 'add_dataset_from_url', arguments: { url: `${base}/sightings.csv`, name: 'weekly' } }, session);
    expect(proposal.card!.summary.effects.at(-1)).toMatch(/already exists/);
    const approved = await registry.approve(proposal.card!.id, proposal.card!.arguments, session);
    expect(approved.envelope).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(added).toHaveLength(0);
  });
});

describe('add_dataset_from_url under the worker connect policy', () => {
  it('an approved URL on a host the site does not allow fails as fetch_failed, not internal_error, and adds nothing', async () => {
    const { guardFetch } = await import('../worker/connect-policy');
    const added: AddTableRequest[] = [];
    const catalog = { tables: { weekly: {} } } as unknown as Catalog;
    const registry = createRegistry({
      tools: TOOLS, agents: AGENTS,
      services: {
        engine: { catalog } as Engine,
        addTable: async (request: AddTableRequest) => (added.push(request), { rows: 0 }),
        fetch: guardFetch(fetch, 'https://birder.github.io', ['https://generativelanguage.googleapis.com']),
      },
    });
    const session = { id: 's1', datasets: ['weekly'] };
    const proposal = await registry.call('offline', { id: 'c1', name: 'add_dataset_from_url', arguments: { url: 'https://example.invalid/x.csv', name: 'x' } }, session);
    const approved = await registry.approve(proposal.card!.id, proposal.card!.arguments, session);
    expect(approved.envelope).toMatchObject({ ok: false, error: { code: 'fetch_failed', message: expect.stringContaining('connect_blocked') } });
    expect(added).toEqual([]);
  });
});
