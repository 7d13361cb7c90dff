import { callTool, type Plan } from './plan-step';

/** "Add the dataset at <url> as <name>": what to fetch and the table to add it as. */
export interface DatasetRequest {
  url: string;
  name: string;
}

/** The request is read from the question as typed: URLs are case-sensitive, so this runs before parseQuestion lowercases. */
const ADD_DATASET =
  /^\s*(?:please\s+)?(?:add|load|import)\b.*?\b(?:at|from)\s+(https?:\/\/[^\s"'<>]+?)[.,;!?]?(?:\s+as\s+(?:(?:a\s+)?table\s+)?["'`]?([A-Za-z][\w]*)["'`]?)?\s*[.!?]?\s*$/i;

export function readDatasetRequest(question: string): DatasetRequest | undefined {
  const match = ADD_DATASET.exec(question);
  if (!match) return undefined;
  const url = match[1]!;
  return { url, name: (match[2] ?? nameFromUrl(url)).toLowerCase() };
}

/** `…/extra-counts.csv` → extra_counts: the file's base name as a table identifier. */
export function nameFromUrl(url: string): string {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  const base = file
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(base) ? base.slice(0, 63) : `dataset_${base}`.slice(0, 63);
}

/**
 * One add_dataset_from_url call. It is a write tool, so the registry only shows the person a
 * proposal card (envelope code `proposed`) and nothing is fetched until they approve it.
 */
export function* answerAddDataset(request: DatasetRequest): Plan {
  const envelope = yield* callTool('add_dataset_from_url', { url: request.url, name: request.name });
  if (!envelope.ok && envelope.error.code === 'proposed') {
    return `I proposed adding ${request.url} as the table '${request.name}'. Nothing has been fetched yet: the proposal waits in the Approvals tab, showing exactly what would run. Approve it to add the table to this session, or deny it.`;
  }
  if (!envelope.ok) return `I could not propose adding ${request.url}: ${envelope.error.message}`;
  return `The table '${request.name}' was added from ${request.url}.`;
}
