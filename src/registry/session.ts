/**
 * What a session provides to the tools. Whose data is read comes from here — chosen by a
 * person in the UI or on the CLI — never from a model's arguments.
 */
export interface Session {
  id: string;
  /** Catalog tables this session may read. Empty means no data scope has been chosen. */
  datasets: readonly string[];
  /** Values that must never appear in audit rows or errors (API keys typed by the visitor). */
  secrets?: readonly string[];
}

/** What a tool can require from the session before it runs. */
export type SessionRequirement = 'datasets';

export function missingRequirements(
  session: Session,
  requires: readonly SessionRequirement[],
): SessionRequirement[] {
  return requires.filter((requirement) => requirement === 'datasets' && session.datasets.length === 0);
}
