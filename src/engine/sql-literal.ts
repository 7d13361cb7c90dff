/**
 * The only two ways a value reaches SQL text Perch writes (the tools, from a model's arguments; the
 * pipeline, from file paths and species codes). Identifiers must already have been checked against
 * the catalog (or the query's own columns); literals are escaped.
 */

/** A SQL string literal: single quotes doubled, control characters refused by the engine anyway. */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A quoted identifier for a name already known to exist; double quotes doubled. */
export function sqlIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
