import type { QueryFrame } from '../frame/query-frame';

/**
 * What the reader knows about the data, fetched once per conversation through the tools (the
 * reader itself never touches data): the names it may match a question against.
 */
export interface Vocabulary {
  species: readonly { code: string; common_name: string; scientific_name: string; simulated?: boolean }[];
  /** Countries and states of the `regions` table. */
  regions: readonly { code: string; name: string; type: 'country' | 'state'; parent_code: string | null }[];
  /** Named parts of regions defined from the data (src/frame/region-parts.ts). */
  parts: readonly { id: string; name: string; aliases: readonly string[]; parent_code: string }[];
  /** Towns of the `places` table (a gazetteer built from a maintained package). */
  places: readonly {
    name: string;
    region_code: string | null;
    lon: number;
    lat: number;
    population: number;
  }[];
  /** The release year of the weekly estimates (week i = day 4 + 7(i − 1) of this year). */
  release: number;
  /** Older eBird releases of a species the data also holds, kept apart under their own code ("yebsap-2022"). */
  olderReleases?: readonly { code: string; of: string; release: number }[];
  /** Years the trends cover, when the data has trends. */
  trendYears?: { start: number; end: number };
  /** Where the data is masked to, when it is (the example: USA-MI). */
  maskRegion?: string;
}

/** A town as the `data_vocabulary` tool sends it (tuples keep 300 towns under the 16 KB budget): [name, region_code, lon, lat, population]. */
export type PlaceTuple = [string, string | null, number, number, number];

/** What the person's clock says, for "now", "today", "this week", "tomorrow". */
export interface ReaderClock {
  /** YYYY-MM-DD in the visitor's time zone. */
  today: string;
}

/** A reading the person can pick when a question reads two ways. */
export interface Alternative {
  label: string;
  frame: QueryFrame;
}

/**
 * Why the data cannot answer, said instead of a figure. `species`: a bird the data does not hold;
 * `place`: a place outside the data (masked model); `year`: a year outside the release;
 * `head_count`: S&T has no head counts; `topic`: not about where or when birds are.
 */
export interface OutOfScope {
  reason: 'species' | 'place' | 'year' | 'head_count' | 'topic';
  /** The words that named it, as typed. */
  words: string;
}

/** One read question: the frame, and everything the answer must say about how it was read. */
export interface Reading {
  /** Undefined when nothing answerable was read (then `unknown` or `outOfScope` says why). */
  frame?: QueryFrame;
  /** One line: "relative abundance · where highest · breeding season · Michigan". */
  summary: string;
  /** Words that were not understood, as typed ("backyard"). */
  unknown: string[];
  /** Readings when the question is ambiguous (two or three, closest first). */
  alternatives: Alternative[];
  outOfScope: OutOfScope[];
  /** How loose words were read: "'sapsuker' read as Yellow-bellied Sapsucker". */
  notes: string[];
  /** A request that is not a frame: "what data do you have?" → data_overview. */
  request?: 'data_overview';
  /** Parts taken from the previous frame ("it" → the previous species). */
  carried: (keyof QueryFrame)[];
  /**
   * Names of the codes the frame holds, for showing the reading (the page's chips): species code →
   * common name, region code → region name, part id → part name. Optional: the page falls back
   * to the codes.
   */
  names?: Record<string, string>;
}
