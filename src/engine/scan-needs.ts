/**
 * What rows a query needs from each table, read from DuckDB's own plan (`EXPLAIN (FORMAT json)`):
 * the optimizer pushes a query's constant filters down into each table scan, whatever the SQL's
 * shape (aliases, joins, subqueries, macros, `IN` lists, `BETWEEN`), and prints them per scan as
 * `species_code='yebsap'`, `week>=18 AND week<=19`, `optional: species_code IN ('a', 'b')`.
 *
 * Each scan also prints the columns it outputs ("Projections"), so a question about abundance
 * need not fetch the five other estimate columns.
 *
 * The rule is "never less than the query reads": a filter this module does not recognise is
 * dropped (the scan then needs more rows, never fewer), every column a filter mentions counts as
 * read, a projection that is not a plain column name means every column, and a table the query
 * reads but the plan shows no scan of (the optimizer proved it empty, or it was named through a
 * schema) needs the whole table. Ranges are widened to inclusive bounds.
 */

/** One column's allowed values: a list, or an inclusive range (either end may be open). */
export type ColumnNeed =
  | { kind: 'values'; values: readonly (string | number)[] }
  | { kind: 'range'; min?: string | number; max?: string | number };

/** Row needs of one scan: every listed column must satisfy its need (an empty map = every row). */
export type RowNeed = ReadonlyMap<string, ColumnNeed>;

/** One scan: the rows it may read, and the columns it reads (projections and filter columns, lower case). */
export interface ScanNeed {
  rows: RowNeed;
  columns: ReadonlySet<string>;
}

/** Per table: 'all' (every row and column), or the scans that read it (a row is needed when any scan needs it). */
export type TableNeeds = 'all' | readonly ScanNeed[];

/** A table scan as the plan prints it. */
export interface PlannedScan {
  filters: string[];
  /** Column names the scan outputs; null when the plan does not say. */
  projections: string[] | null;
}

interface PlanNode {
  name?: string;
  children?: PlanNode[];
  extra_info?: Record<string, unknown>;
}

/** Scans per table name (lower case) found in an `EXPLAIN (FORMAT json)` value. */
export function scansInPlan(planJson: string): Map<string, PlannedScan[]> {
  const scans = new Map<string, PlannedScan[]>();
  const visit = (node: PlanNode): void => {
    const info = node.extra_info ?? {};
    const table = info.Table;
    if (typeof table === 'string' && String(node.name ?? '').includes('SCAN')) {
      const key = table.toLowerCase();
      // An empty list does not mean "no column": DuckDB prints the projection ids, which it
      // leaves empty when the scan outputs every column it reads, and those reads are not printed.
      // Read as "none", a place-name query loaded cell_parts without its columns and answered
      // NULL (columnar differential test, 2026-12-05).
      const printed = textList(info.Projections);
      const projections = printed.length > 0 ? printed : null;
      scans.set(key, [...(scans.get(key) ?? []), { filters: textList(info.Filters), projections }]);
    }
    for (const child of node.children ?? []) visit(child);
  };
  const parsed: unknown = JSON.parse(planJson);
  for (const node of Array.isArray(parsed) ? parsed : [parsed]) visit(node as PlanNode);
  return scans;
}

/** A plan value that is one string or a list of them (`""` = none). */
function textList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value !== '' ? [value] : [];
}

/**
 * Needs of the tables a query reads: their scans, or 'all' when the plan shows none for a table.
 * `columnsOf` gives a table's column names; a scan whose projections are not plain column names
 * reads every column.
 */
export function tableNeeds(
  tables: readonly string[],
  scans: Map<string, PlannedScan[]>,
  columnsOf: (table: string) => readonly string[],
): Map<string, TableNeeds> {
  const needs = new Map<string, TableNeeds>();
  for (const table of tables) {
    const found = scans.get(table.toLowerCase()) ?? [];
    const columns = columnsOf(table).map((name) => name.toLowerCase());
    needs.set(
      table,
      found.length === 0
        ? 'all'
        : found.map((scan) => ({ rows: rowNeed(scan.filters), columns: scanColumns(scan, columns) })),
    );
  }
  return needs;
}

/** Columns a scan reads: its projections plus every column name its filters mention (a superset is safe). */
function scanColumns(scan: PlannedScan, columns: readonly string[]): ReadonlySet<string> {
  const known = new Set(columns);
  if (scan.projections === null) return known;
  const projected = scan.projections.map(columnName);
  if (projected.some((name) => !known.has(name))) return known;
  const mentioned = scan.filters.flatMap((filter) =>
    (filter.match(/"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*/g) ?? []).map(columnName),
  );
  return new Set([...projected, ...mentioned].filter((name) => known.has(name)));
}

/** A scan's filter strings as row needs; conjuncts that are not simple comparisons are dropped. */
export function rowNeed(filters: readonly string[]): RowNeed {
  const need = new Map<string, ColumnNeed>();
  for (const filter of filters)
    for (const conjunct of splitConjuncts(filter.replace(/^optional:\s*/, ''))) {
      const parsed = parseComparison(conjunct);
      if (parsed) need.set(parsed.column, intersect(need.get(parsed.column), parsed.need));
    }
  return need;
}

const COLUMN = `("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*)`;
const LITERAL = String.raw`('(?:[^']|'')*'|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)`;
const COMPARISON = new RegExp(`^${COLUMN}\\s*(=|>=|<=|>|<)\\s*${LITERAL}$`, 'i');
const IN_LIST = new RegExp(`^${COLUMN}\\s+IN\\s*\\((.*)\\)$`, 'i');

function parseComparison(text: string): { column: string; need: ColumnNeed } | null {
  const comparison = COMPARISON.exec(text.trim());
  if (comparison) {
    const column = columnName(comparison[1]);
    const value = literal(comparison[3]);
    switch (comparison[2]) {
      case '=':
        return { column, need: { kind: 'values', values: [value] } };
      case '>=':
      case '>':
        return { column, need: { kind: 'range', min: value } };
      default:
        return { column, need: { kind: 'range', max: value } };
    }
  }
  const inList = IN_LIST.exec(text.trim());
  if (inList) {
    const items = splitTopLevel(inList[2], ',').map((item) => item.trim());
    if (items.every((item) => new RegExp(`^${LITERAL}$`, 'i').test(item)))
      return { column: columnName(inList[1]), need: { kind: 'values', values: items.map(literal) } };
  }
  return null;
}

/** Two needs on one column (`week>=18` and `week<=19`) as one; a list wins over a range (a superset is safe). */
function intersect(previous: ColumnNeed | undefined, next: ColumnNeed): ColumnNeed {
  if (!previous) return next;
  if (previous.kind === 'values') return previous;
  if (next.kind === 'values') return next;
  return { kind: 'range', min: next.min ?? previous.min, max: next.max ?? previous.max };
}

function columnName(raw: string): string {
  const text = raw.trim();
  return text.startsWith('"') ? text.slice(1, -1).replaceAll('""', '"').toLowerCase() : text.toLowerCase();
}

function literal(text: string): string | number {
  return text.startsWith("'") ? text.slice(1, -1).replaceAll("''", "'") : Number(text);
}

/** `a AND b AND c` → its parts, ignoring `AND` inside quotes or parentheses. */
function splitConjuncts(text: string): string[] {
  return splitTopLevel(text, ' AND ');
}

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0 && text.startsWith(separator, index)) {
      parts.push(text.slice(start, index));
      start = index + separator.length;
      index += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Could a row group (or file) whose column spans [min, max] hold a row the need admits? Unknown → yes. */
export function mayHold(need: ColumnNeed, min: unknown, max: unknown): boolean {
  const low = comparable(min);
  const high = comparable(max);
  if (low === null || high === null) return true;
  const fits = (value: string | number): boolean =>
    typeof value !== typeof low ? true : value >= low && value <= high;
  if (need.kind === 'values') return need.values.some(fits);
  if (need.min !== undefined && typeof need.min === typeof high && need.min > high) return false;
  if (need.max !== undefined && typeof need.max === typeof low && need.max < low) return false;
  return true;
}

/**
 * Does every row of a row group whose column spans [min, max] with no NULL satisfy the need, so
 * that its filter can be skipped? Only exact cases: one value that the need lists, or numbers
 * inside a range (ranges are pushed for integers only). Unknown → no.
 */
export function mustHold(need: ColumnNeed, min: unknown, max: unknown): boolean {
  const low = comparable(min);
  const high = comparable(max);
  if (low === null || high === null) return false;
  if (need.kind === 'values') return low === high && need.values.includes(low);
  if (typeof low !== 'number' || typeof high !== 'number') return false;
  return (
    (need.min === undefined || (typeof need.min === 'number' && low >= need.min)) &&
    (need.max === undefined || (typeof need.max === 'number' && high <= need.max))
  );
}

function comparable(value: unknown): string | number | null {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  return null;
}
