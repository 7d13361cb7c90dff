import type { Table } from 'apache-arrow';
import { lexSql } from './sql-lexer';

/**
 * Results of queries already run, by the SQL DuckDB ran. The catalog's files never change under a
 * running engine and an added table's name is never reused, so the same text reads the same rows:
 * a second asking costs no worker round trip. Measured in Chromium on the example (2026-12-03):
 * every query_status call re-reads the species row, its seasons, the region list and the range's
 * extent — 4 of its 7–9 queries, 120–190 ms of the 0.9–1.3 s a later answer took.
 *
 * A query naming a function whose value changes from call to call (`random()`, `now()`,
 * `current_date`, a `SAMPLE`) is never kept. Only results up to `maxEntryBytes` are kept, the least
 * recently read going first once `maxBytes` is reached.
 */
export interface CachedResult {
  table: Table;
  bytes: number;
  /** The binder's table names, so a hit is checked against the caller's scope like a run. */
  binderTables: string[];
}

/** Words that make a query's rows differ between two runs of the same text. */
const VOLATILE_WORDS = new Set([
  'random',
  'uuid',
  'uuidv4',
  'uuidv7',
  'gen_random_uuid',
  'now',
  'get_current_timestamp',
  'transaction_timestamp',
  'current_date',
  'current_time',
  'current_timestamp',
  'localtime',
  'localtimestamp',
  'today',
  'sample',
  'tablesample',
  'reservoir',
  'bernoulli',
]);

/** Whether two runs of `sql` may give different rows (it names a volatile function or samples); SQL that does not lex counts as volatile. */
export function isVolatileSql(sql: string): boolean {
  const lexed = lexSql(sql);
  return !lexed.ok || lexed.tokens.some((token) => token.kind === 'word' && VOLATILE_WORDS.has(token.text));
}

/** A kept result with the SQL it answers (the text DuckDB ran): what the pipeline prebuilds. */
export interface KeptResult extends CachedResult {
  sql: string;
}

export class ResultCache {
  private readonly kept = new Map<string, CachedResult>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntryBytes: number,
  ) {}

  get(sql: string): CachedResult | undefined {
    const entry = this.kept.get(sql);
    if (!entry) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently read.
    this.kept.delete(sql);
    this.kept.set(sql, entry);
    return entry;
  }

  /** Every kept result, least recently read first. */
  entries(): KeptResult[] {
    return [...this.kept].map(([sql, entry]) => ({ sql, ...entry }));
  }

  /** Keeps results run elsewhere (prebuilt by the pipeline), under the same size limits. */
  seed(results: readonly KeptResult[]): void {
    for (const { sql, ...entry } of results) this.set(sql, entry);
  }

  set(sql: string, entry: CachedResult): void {
    if (entry.bytes > this.maxEntryBytes || isVolatileSql(sql)) return;
    const previous = this.kept.get(sql);
    if (previous) {
      this.kept.delete(sql);
      this.bytes -= previous.bytes;
    }
    this.kept.set(sql, entry);
    this.bytes += entry.bytes;
    for (const [key, old] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(key);
      this.bytes -= old.bytes;
    }
  }
}
