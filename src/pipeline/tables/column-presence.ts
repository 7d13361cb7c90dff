import type { ColumnSpec, TableSpec } from './table-specs';

/** What one `note` recorded: rows of `release` in `table` have `columns`. */
export interface PresenceEntry {
  table: string;
  release: number;
  columns: string[];
}

/** A column the build writes, and when only some releases have it, which. */
export interface PresentColumn {
  spec: ColumnSpec;
  /** Releases whose rows have the column; absent when every release in the table has it. */
  releases?: number[];
}

/**
 * Which columns each release's rows of a table really have (issue 15): eBird adds, drops and
 * renames columns between releases (2022 regional stats have no max_week; 2022 predictor
 * importance no response), and NULL already means "not modelled". So a column no input has is
 * absent — not written, not in the catalog — rather than a column of NULLs, and a column some
 * releases lack says which releases have it.
 *
 * A table nobody notes columns for (geography, trends, the simulated demo) has every column but
 * the release-specific ones (ColumnSpec.releaseSpecific).
 */
export class ColumnPresence {
  private readonly noted = new Map<string, Map<number, Set<string>>>();

  /** Records that rows of `release` in `table` have `columns`. */
  note(table: string, release: number, columns: Iterable<string>): void {
    const byRelease = this.noted.get(table) ?? new Map<number, Set<string>>();
    const held = byRelease.get(release) ?? new Set<string>();
    for (const column of columns) held.add(column);
    byRelease.set(release, held);
    this.noted.set(table, byRelease);
  }

  /**
   * Everything noted, so a part of a split build can hand its presence to the merge, which notes
   * each entry again: noting is a union, so the merged presence is the one-process build's.
   */
  entries(): PresenceEntry[] {
    return [...this.noted].flatMap(([table, byRelease]) =>
      [...byRelease].map(([release, columns]) => ({ table, release, columns: [...columns] })),
    );
  }

  /** The columns of `spec` the build writes, in spec order. */
  columns(spec: TableSpec): PresentColumn[] {
    const byRelease = this.noted.get(spec.name);
    if (!byRelease)
      return spec.columns.filter((column) => !column.releaseSpecific).map((column) => ({ spec: column }));
    const releases = [...byRelease.keys()].sort((a, b) => a - b);
    return spec.columns.flatMap((column) => {
      const having = releases.filter((release) => byRelease.get(release)!.has(column.name));
      if (having.length === 0) return [];
      return having.length === releases.length ? [{ spec: column }] : [{ spec: column, releases: having }];
    });
  }
}
