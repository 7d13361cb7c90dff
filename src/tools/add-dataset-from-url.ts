import { z } from 'zod';
import { toolFailure } from '../registry';
import { defineTool } from './define-tool';
import { addDatasetBytes } from './support/add-dataset-bytes';

/** Largest file a session may add: DuckDB-WASM holds it in browser memory beside the eBird tables. */
export const MAX_DATASET_BYTES = 50_000_000;

const TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export const addDatasetFromUrl = defineTool({
  name: 'add_dataset_from_url',
  description: `Proposes adding a CSV or parquet file from a URL as a new table of this session (at most ${MAX_DATASET_BYTES / 1_000_000} MB). A person must approve it; the call only shows them a card and does not run. After approval the table can be described and queried like the others.`,
  scope: 'write',
  requires: ['datasets'],
  input: z.strictObject({
    url: z.string().url().max(2_000).regex(/^https?:\/\//, 'the URL must start with http:// or https://').describe('http(s) URL of a .csv or .parquet file'),
    name: z.string().regex(TABLE_NAME, 'a table name is a lowercase identifier such as my_sightings').describe('Name for the new table'),
  }),
  async propose(args, context) {
    const effects = [`fetch ${args.url}`];
    const size = await headSize(context.services.fetch ?? fetch, args.url, context.signal);
    effects.push(size === null ? `size unknown (the server did not say); the download stops at ${MAX_DATASET_BYTES.toLocaleString('en-US')} bytes` : `download ${size.toLocaleString('en-US')} bytes${size > MAX_DATASET_BYTES ? ` — MORE than the ${MAX_DATASET_BYTES.toLocaleString('en-US')}-byte limit, so it will fail` : ''}`);
    effects.push(`add it as table '${args.name}' to this session only, profile its columns into the catalog`);
    if (Object.hasOwn(context.services.engine.catalog.tables, args.name)) effects.push(`'${args.name}' already exists: this will be refused; choose another name`);
    return { title: `Add a dataset as table '${args.name}'`, effects };
  },
  async execute(args, context) {
    if (!context.services.addTable) return toolFailure('not_supported', 'not_supported: this host cannot add tables yet. Load the file with npm run data instead.');
    if (Object.hasOwn(context.services.engine.catalog.tables, args.name)) return toolFailure('conflict', `conflict: a table named '${args.name}' already exists. Propose another name.`);
    let response: Response;
    try {
      response = await (context.services.fetch ?? fetch)(args.url, { signal: context.signal });
    } catch (error) {
      // A refused origin (connect_blocked) or an unreachable host: tell the person, not an internal error.
      const reason = error instanceof Error ? error.message : String(error);
      return toolFailure('fetch_failed', `fetch_failed: could not fetch ${args.url} (${reason}). Check the URL or use a host this site allows.`);
    }
    if (!response.ok || !response.body) return toolFailure('fetch_failed', `fetch_failed: ${args.url} answered HTTP ${response.status}. Check the URL.`);
    const bytes = await readCapped(response.body, MAX_DATASET_BYTES);
    if (bytes === null) return toolFailure('too_large', `too_large: ${args.url} is larger than ${MAX_DATASET_BYTES} bytes; the download was stopped. Use a smaller extract.`);
    return addDatasetBytes({ name: args.name, origin: args.url, contentType: response.headers.get('content-type'), bytes }, context.services.addTable, context.session.id);
  },
});

async function headSize(fetchFn: typeof fetch, url: string, signal: AbortSignal): Promise<number | null> {
  try {
    const response = await fetchFn(url, { method: 'HEAD', signal });
    const length = response.headers.get('content-length');
    return response.ok && length !== null && /^\d+$/.test(length) ? Number(length) : null;
  } catch {
    return null;
  }
}

/** Reads at most `cap` bytes; null (and the stream cancelled) when the body is longer. */
async function readCapped(body: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) bytes.set(chunk, offset), (offset += chunk.byteLength);
  return bytes;
}

/** Parquet files start and end with the magic `PAR1`; anything else that decodes as text is read as CSV. */
