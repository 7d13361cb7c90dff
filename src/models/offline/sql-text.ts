/** A SQL string literal: the planner only ever quotes words it read from the question or codes from tool results. */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
