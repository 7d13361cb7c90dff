import type { Discovery, StatusInput, TrendsInput } from '../discover';

/**
 * One unit of a split build: a status folder, or one trends model. Each reads only its own files
 * (a status part keys its species by its own taxon and numbers its cells on its own grid), so
 * parts build in any order, on any runner; what depends on the other species — release keys,
 * grid numbers, which trends go to which species — is decided by the merge (merge-parts.ts).
 */
export type PartTask =
  | { kind: 'status'; identity: string; input: StatusInput }
  | { kind: 'trends'; identity: string; input: TrendsInput };

/**
 * Every part of a build in the order the one-process build reads its inputs — status folders as
 * discovered, then trends — so the merge meets them in that order. `identity` names the input
 * without its path (discovery takes each run and release once, each trends run, season and
 * release once): it is what shards are assigned by and what progress lines say.
 */
export function planParts(discovery: Discovery): PartTask[] {
  return [
    ...discovery.status.map(
      (input): PartTask => ({
        kind: 'status',
        identity: `status/${input.release}/${input.runName}`,
        input,
      }),
    ),
    ...discovery.trends.map(
      (input): PartTask => ({
        kind: 'trends',
        identity: `trends/${input.release}/${input.runName}/${input.season}`,
        input,
      }),
    ),
  ];
}
