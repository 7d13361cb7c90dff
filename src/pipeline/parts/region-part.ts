/** A named part of a region, defined from the cells of this build by a rule said in words. */
export interface RegionPart {
  part_id: string;
  name: string;
  /** Other words people use for it ("the UP"); the name itself is not repeated. */
  aliases: string[];
  /** The region it is part of (USA-MI): every member cell has this state_code. */
  parent_code: string;
  rule: string;
  /** Member cell ids, ascending. */
  cells: number[];
}

/** A cell as the part rules see it. */
export interface PartCell {
  cell_id: number;
  lon: number;
  lat: number;
  state_code: string | null;
}

/** northern_<slug>: lower case, runs of anything but a–z/0–9 as one underscore (new_york). */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}
