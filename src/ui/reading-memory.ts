import type { PlaceSpec } from '../frame/query-frame';
import type { Reading } from '../reader';
import type { ChipContext } from './chip-options';

export interface ReadingMemory {
  /** Keeps the names and the species and places of a reading. */
  add(reading: Reading): void;
  context(year: number | undefined): ChipContext;
}

/**
 * What the conversation's readings have named so far: codes → names (a reading of an edited
 * frame may carry no names, but its codes were named by an earlier reading), and the species and
 * places offered as alternatives on the chips of later turns.
 */
export function createReadingMemory(): ReadingMemory {
  const names: Record<string, string> = {};
  const species: string[] = [];
  const places: PlaceSpec[] = [];
  return {
    add(reading) {
      Object.assign(names, reading.names ?? {});
      for (const code of reading.frame?.species ?? []) if (!species.includes(code)) species.push(code);
      for (const place of reading.frame?.places ?? [])
        if (place.kind !== 'all' && !places.some((known) => JSON.stringify(known) === JSON.stringify(place)))
          places.push(place);
    },
    context: (year) => ({
      names: { ...names },
      ...(year === undefined ? {} : { year }),
      seen: { species: [...species], places: [...places] },
    }),
  };
}
