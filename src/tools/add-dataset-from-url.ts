import { z } from 'zod';
import { toolFailure } from '../registry';
import { defineTool } from './define-tool';
import { addDatasetBytes } from './support/add-dataset-bytes';
import { type CheckedResponse, fetchCheckingRedirects } from './support/fetch-checking-redirects';
import { geometrySchema } from './support/geometry-schema';
import { RESULT_FIELDS } from './support/result-fields';
import { UNTRUSTED_FIELDS } from './support/untrusted-content';

/** Largest file a session may add: DuckDB-WASM holds it in browser memory beside the eBird tables. */
export const MAX_DATASET_BYTES = 50_000_000;

const TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** What an approved call added: the table, its size and its profiled columns. */
export const addDatasetResultSchema = z.strictObject({
  ...UNTRUSTED_FIELDS,
  table: z.string(),
  format: z.enum(['csv', 'parquet']),
  bytes: z.number().int(),
  rows: z.number().int(),
  columns: z.array(
    z.strictObject({
      name: z.string(),
      type: z.string(),
      /** Up to three real values, in the column's JSON form. */
      examples: z.array(z.unknown()),
      null_fraction: z.number(),
    }),
  ),
  geometry: geometrySchema.nullable(),
  ...RESULT_FIELDS,
});
export type AddDatasetResult = z.infer<typeof addDatasetResultSchema>;

export const addDatasetFromUrl = defineTool({
  name: 'add_dataset_from_url',
  description: `Proposes adding a CSV or parquet file from a URL as a new table of this session (at most ${MAX_DATASET_BYTES / 1_000_000} MB). A person must approve it; the call only shows them a card and does not run. After approval the table can be described and queried like the others.`,
  scope: 'write',
  requires: ['datasets'],
  input: z.strictObject({
    url: z
      .string()
      .url()
      .max(2_000)
      .regex(/^https?:\/\//, 'the URL must start with http:// or https://')
      .describe('http(s) URL of a .csv or .parquet file'),
    name: z
      .string()
      .max(63)
      .regex(TABLE_NAME, 'a table name is a lowercase identifier such as my_sightings')
      .describe('Name for the new table'),
  }),
  output: addDatasetResultSchema,
  /** Pure: no request, no engine write. What the server says about the file is learnt only after approval. */
  propose(args, context) {
    const effects = [
      `after you approve, fetch ${args.url} once (nothing has been requested yet)`,
      `download at most ${MAX_DATASET_BYTES.toLocaleString('en-US')} bytes; a larger file is stopped mid-download and nothing is added`,
      `add it as table '${args.name}' to this session only, profile its columns into the catalog`,
    ];
    if (Object.hasOwn(context.services.engine.catalog.tables, args.name))
      effects.push(`'${args.name}' already exists: this will be refused; choose another name`);
    return { title: `Add a dataset as table '${args.name}'`, effects };
  },
  async execute(args, context) {
    if (!context.services.addTable)
      return toolFailure(
        'not_supported',
        'not_supported: this host cannot add tables yet. Load the file with npm run data instead.',
      );
    if (Object.hasOwn(context.services.engine.catalog.tables, args.name))
      return toolFailure(
        'conflict',
        `conflict: a table named '${args.name}' already exists. Propose another name.`,
      );
    // Aborting this (past the limit, or on the deadline/Stop) closes the connection, so the server stops sending.
    const download = new AbortController();
    const stop = () => download.abort(context.signal.reason);
    if (context.signal.aborted) stop();
    context.signal.addEventListener('abort', stop, { once: true });
    try {
      let fetched: CheckedResponse;
      try {
        fetched = await fetchCheckingRedirects(context.services.fetch ?? fetch, args.url, download.signal);
      } catch (error) {
        // A refused origin (connect_blocked, on any hop), a refused redirect or an unreachable host: tell the person, not an internal error.
        const reason = error instanceof Error ? error.message : String(error);
        return toolFailure(
          'fetch_failed',
          `fetch_failed: could not fetch ${args.url} (${reason}). Check the URL or use a host this site allows; nothing was added.`,
        );
      }
      const response = fetched.response;
      if (!response.ok || !response.body)
        return toolFailure(
          'fetch_failed',
          `fetch_failed: ${args.url} answered HTTP ${response.status}. Check the URL.`,
        );
      const declared = declaredLength(response.headers);
      if (declared !== null && declared > MAX_DATASET_BYTES) {
        download.abort();
        return tooLarge(args.url, `it declares ${declared} bytes`);
      }
      const bytes = await readCapped(response.body, MAX_DATASET_BYTES);
      if (bytes === null) {
        download.abort();
        return tooLarge(args.url, `more than ${MAX_DATASET_BYTES} bytes arrived`);
      }
      return addDatasetBytes(
        { name: args.name, origin: fetched.url, contentType: response.headers.get('content-type'), bytes },
        context.services.addTable,
        context.session.id,
      );
    } finally {
      context.signal.removeEventListener('abort', stop);
    }
  },
});

function tooLarge(url: string, reason: string) {
  return toolFailure(
    'too_large',
    `too_large: ${url} is larger than the ${MAX_DATASET_BYTES}-byte limit (${reason}); the download was stopped and nothing was added. Use a smaller extract.`,
  );
}

/** Content-Length when it is a plain number; servers that stream (chunked) send none. */
function declaredLength(headers: Headers): number | null {
  const length = headers.get('content-length');
  return length !== null && /^\d+$/.test(length) ? Number(length) : null;
}

/** Reads at most `cap` bytes; null (and the stream cancelled) as soon as the body passes it. */
async function readCapped(body: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
