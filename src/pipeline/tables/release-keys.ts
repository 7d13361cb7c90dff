import { sqlString } from '../../engine';
import { TABLE_SPECS } from './table-specs';
import type { Stage } from './stage';

/** One species of one release already staged, under the key every table files it by. */
export interface StagedSpecies {
  /** `species_code` in every table: the taxonomy code, or `<code>-<release>` for an older release. */
  key: string;
  taxon: string;
  release: number;
  runName: string;
  folder: string;
}

export type ReleaseKey =
  | { kind: 'new'; key: string; entry: StagedSpecies; note?: string }
  | { kind: 'duplicate'; of: StagedSpecies; note: string };

/** The key of an older release of a species the build also holds in a newer release. */
export function olderReleaseKey(taxon: string, release: number): string {
  return `${taxon}-${release}`;
}

/** Tables whose rows belong to one species (they carry `species_code`). */
const SPECIES_TABLES = TABLE_SPECS.filter((spec) =>
  spec.columns.some((column) => column.name === 'species_code'),
).map((spec) => spec.name);

/**
 * Keeps two releases of one species apart (issue 15): eBird models each release anew, so the
 * 2022 and 2023 estimates of a species are two datasets, never one. The newest release keeps the
 * plain taxonomy code — the one a question names — and each older release is filed under
 * `<code>-<release>`. When a newer release arrives after an older one was staged, the older one's
 * rows are renamed in every staged table. The same species and release seen twice (one download
 * passed by two paths, or two copies) is read once.
 */
export class ReleaseKeys {
  private readonly staged: StagedSpecies[] = [];

  constructor(private readonly stage: Stage) {}

  list(): readonly StagedSpecies[] {
    return this.staged;
  }

  /** Decides the key of a species about to be staged, renaming an older release when needed. */
  async admit(incoming: Omit<StagedSpecies, 'key'>): Promise<ReleaseKey> {
    const sameTaxon = this.staged.filter((entry) => entry.taxon === incoming.taxon);
    const twin = sameTaxon.find((entry) => entry.release === incoming.release);
    if (twin) {
      return {
        kind: 'duplicate',
        of: twin,
        note: `${incoming.folder} holds ${incoming.taxon} release ${incoming.release} again (already read from ${twin.folder}): read once.`,
      };
    }
    const newest = newestOf(sameTaxon);
    if (newest === undefined) return this.push(incoming, incoming.taxon);
    const releases = [...sameTaxon.map((entry) => entry.release), incoming.release].sort();
    const note = `${incoming.taxon} is in releases ${releases.join(' and ')}: kept apart; questions use release ${releases.at(-1)} unless they name ${releases
      .slice(0, -1)
      .map((release) => olderReleaseKey(incoming.taxon, release))
      .join(' or ')}.`;
    if (incoming.release < newest.release)
      return this.push(incoming, olderReleaseKey(incoming.taxon, incoming.release), note);
    await this.rename(newest, olderReleaseKey(newest.taxon, newest.release));
    return this.push(incoming, incoming.taxon, note);
  }

  private push(incoming: Omit<StagedSpecies, 'key'>, key: string, note?: string): ReleaseKey {
    const entry = { ...incoming, key };
    this.staged.push(entry);
    return { kind: 'new', key, entry, ...(note ? { note } : {}) };
  }

  /** The status species a trends run belongs to: the same release when staged, else the newest. */
  trendsKey(runName: string, trendsRelease: number): string | undefined {
    const matches = this.staged.filter((entry) => entry.runName === runName || entry.taxon === runName);
    const sameRelease = matches.find((entry) => entry.release === trendsRelease);
    if (sameRelease) return sameRelease.key;
    return newestOf(matches)?.key;
  }

  private async rename(entry: StagedSpecies, key: string): Promise<void> {
    for (const table of SPECIES_TABLES) {
      await this.stage.connection.run(
        `UPDATE "${table}" SET species_code = ${sqlString(key)} WHERE species_code = ${sqlString(entry.key)}`,
      );
    }
    entry.key = key;
  }
}

function newestOf(entries: readonly StagedSpecies[]): StagedSpecies | undefined {
  return entries.reduce<StagedSpecies | undefined>(
    (best, entry) => (best === undefined || entry.release > best.release ? entry : best),
    undefined,
  );
}
