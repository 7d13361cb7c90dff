import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import type { Engine } from '../engine';
import { createRegistry } from '../registry';
import { guardFetch } from '../worker/connect-policy';
import {
  type MockReply,
  type RecordingServer,
  startRecordingServer,
} from '../../test/helpers/recording-server';
import { addDatasetFromUrl } from './add-dataset-from-url';
import { MAX_REDIRECTS } from './support/fetch-checking-redirects';
import type { AddTableRequest } from './support/table-adder';

const CSV = 'site,count\nnorth,3\nsouth,5\n';

/**
 * Two hosts on 127.0.0.1: `site` is the page's own origin (allowed by the policy), `elsewhere`
 * another port, so another origin the policy does not list. `site` redirects as each path asks.
 */
let site: RecordingServer;
let elsewhere: RecordingServer;
beforeAll(async () => {
  elsewhere = await startRecordingServer(() => ({ headers: { 'content-type': 'text/csv' }, text: CSV }));
  site = await startRecordingServer((request): MockReply => {
    const path = request.url;
    if (path === '/away.csv')
      return { status: 302, headers: { location: `${elsewhere.url}/stolen.csv` }, text: '' };
    if (path === '/moved.csv') return { status: 301, headers: { location: '/final.csv' }, text: '' };
    if (path === '/nowhere.csv') return { status: 302, text: '' };
    if (path === '/file-scheme.csv')
      return { status: 307, headers: { location: 'file:///etc/passwd' }, text: '' };
    const loop = /^\/loop\/(\d+)$/.exec(path);
    if (loop) return { status: 307, headers: { location: `/loop/${Number(loop[1]) + 1}` }, text: '' };
    return { headers: { 'content-type': 'text/csv' }, text: CSV };
  });
});
afterAll(async () => {
  await site?.close();
  await elsewhere?.close();
});

/** The registry as the worker builds it: add_dataset_from_url's fetch is the connect policy's guarded fetch. */
function setup(fetchImpl: typeof fetch = guardFetch(fetch, new URL(site.url).origin, [])) {
  const added: AddTableRequest[] = [];
  const catalog = { tables: { weekly: {} } } as unknown as Catalog;
  const registry = createRegistry({
    tools: [addDatasetFromUrl],
    agents: { offline: ['add_dataset_from_url'] },
    services: {
      engine: { catalog } as Engine,
      addTable: async (request: AddTableRequest) => {
        added.push(request);
        return { rows: request.table.rows };
      },
      fetch: fetchImpl,
    },
  });
  const session = { id: 's1', datasets: ['weekly'] };
  const approve = async (url: string, name: string) => {
    const proposal = await registry.call(
      'offline',
      { id: 'c1', name: 'add_dataset_from_url', arguments: { url, name } },
      session,
    );
    return registry.approve(proposal.card!.id, proposal.card!.arguments, session);
  };
  return { added, approve };
}

const paths = (server: RecordingServer) =>
  server.requests.map((request) => `${request.method} ${request.url}`);

describe('add_dataset_from_url checks every redirect hop against the connect policy', () => {
  it('a redirect from an allowed host to a host the policy does not allow is refused: the other host sees nothing, nothing is added', async () => {
    site.requests.length = 0;
    const { added, approve } = setup();
    const outcome = await approve(`${site.url}/away.csv`, 'away');
    expect(outcome.envelope).toMatchObject({ ok: false, error: { code: 'fetch_failed' } });
    const message = (outcome.envelope as { error: { message: string } }).error.message;
    expect(message).toContain(`redirected to ${elsewhere.url}/stolen.csv, which was refused`);
    expect(message).toContain('connect_blocked');
    expect(message).toContain('nothing was added');
    expect(paths(site)).toEqual(['GET /away.csv']);
    expect(elsewhere.requests).toEqual([]);
    expect(added).toEqual([]);
  });

  it('the same redirect with no policy in the way reaches the other host: the refusal above is the policy, not a broken redirect', async () => {
    elsewhere.requests.length = 0;
    const { added, approve } = setup(fetch);
    const outcome = await approve(`${site.url}/away.csv`, 'away');
    expect(outcome.envelope).toMatchObject({ ok: true, data: { table: 'away', rows: 2 } });
    expect(paths(elsewhere)).toEqual(['GET /stolen.csv']);
    expect(added.map((request) => request.name)).toEqual(['away']);
  });

  it('a redirect within the allowed host is followed, one GET per hop, and the table records the final URL', async () => {
    site.requests.length = 0;
    const { added, approve } = setup();
    const outcome = await approve(`${site.url}/moved.csv`, 'moved');
    expect(outcome.envelope).toMatchObject({ ok: true, data: { table: 'moved', rows: 2 } });
    expect(paths(site)).toEqual(['GET /moved.csv', 'GET /final.csv']);
    expect(added[0]!.table.attribution).toBe(`${site.url}/final.csv`);
  });

  it(`more than ${MAX_REDIRECTS} redirects are refused after ${MAX_REDIRECTS + 1} requests, and nothing is added`, async () => {
    site.requests.length = 0;
    const { added, approve } = setup();
    const outcome = await approve(`${site.url}/loop/0`, 'looping');
    expect(outcome.envelope).toMatchObject({
      ok: false,
      error: {
        code: 'fetch_failed',
        message: expect.stringContaining(`redirected more than ${MAX_REDIRECTS} times`),
      },
    });
    expect(site.requests).toHaveLength(MAX_REDIRECTS + 1);
    expect(added).toEqual([]);
  });

  it.each([
    ['/nowhere.csv', 'with no Location'],
    ['/file-scheme.csv', 'redirected to a file: address'],
  ])('a redirect %s is refused (%s)', async (path, words) => {
    const { added, approve } = setup();
    const outcome = await approve(`${site.url}${path}`, 'bad');
    expect(outcome.envelope).toMatchObject({
      ok: false,
      error: { code: 'fetch_failed', message: expect.stringContaining(words) },
    });
    expect(added).toEqual([]);
  });

  it("a browser's opaque redirect (redirect: 'manual' hides the target) is refused, not followed", async () => {
    // Node's fetch shows the Location; Chromium answers type 'opaqueredirect', status 0, no headers.
    // This fetch answers the way Chromium does, after checking it was asked not to follow.
    const requested: RequestInit[] = [];
    const browserLike = (async (_url: string, init: RequestInit) => {
      requested.push(init);
      return { type: 'opaqueredirect', status: 0, ok: false, headers: new Headers(), body: null } as Response;
    }) as typeof fetch;
    const { added, approve } = setup(browserLike);
    const outcome = await approve('https://data.example/x.csv', 'opaque');
    expect(requested.map((init) => init.redirect)).toEqual(['manual']);
    expect(outcome.envelope).toMatchObject({
      ok: false,
      error: { code: 'fetch_failed', message: expect.stringContaining('is not followed') },
    });
    expect(added).toEqual([]);
  });
});
