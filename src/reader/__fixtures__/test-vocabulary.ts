import type { Vocabulary } from '../reading';

/**
 * A small vocabulary resembling the example build: the real species (yebsap) plus a made-up
 * second one for ranking and comparison, Michigan with its parts, a few real towns.
 * Coordinates: the towns' centres (rounded to 0.01°).
 */
export const TEST_VOCABULARY: Vocabulary = {
  species: [
    { code: 'yebsap', common_name: 'Yellow-bellied Sapsucker', scientific_name: 'Sphyrapicus varius' },
    {
      code: 'simwar',
      common_name: 'Simulated Warbler',
      scientific_name: 'Setophaga simulata',
      simulated: true,
    },
  ],
  regions: [
    { code: 'USA', name: 'United States', type: 'country', parent_code: null },
    { code: 'CAN', name: 'Canada', type: 'country', parent_code: null },
    { code: 'USA-MI', name: 'Michigan', type: 'state', parent_code: 'USA' },
    { code: 'USA-WI', name: 'Wisconsin', type: 'state', parent_code: 'USA' },
    { code: 'USA-OH', name: 'Ohio', type: 'state', parent_code: 'USA' },
  ],
  parts: [
    {
      id: 'upper_peninsula',
      name: 'Upper Peninsula',
      aliases: ['UP', 'U.P.', 'the UP', 'Yooper country'],
      parent_code: 'USA-MI',
    },
    {
      id: 'lower_peninsula',
      name: 'Lower Peninsula',
      aliases: ['LP', 'L.P.', 'the LP', 'the mitten'],
      parent_code: 'USA-MI',
    },
    {
      id: 'northern_michigan',
      name: 'northern Michigan',
      aliases: ['north Michigan', 'the north of Michigan'],
      parent_code: 'USA-MI',
    },
    {
      id: 'southern_michigan',
      name: 'southern Michigan',
      aliases: ['south Michigan', 'the south of Michigan'],
      parent_code: 'USA-MI',
    },
  ],
  places: [
    { name: 'Marquette', region_code: 'USA-MI', lon: -87.4, lat: 46.54, population: 20_629 },
    { name: 'Detroit', region_code: 'USA-MI', lon: -83.05, lat: 42.33, population: 639_111 },
    { name: 'Grand Rapids', region_code: 'USA-MI', lon: -85.67, lat: 42.96, population: 198_917 },
    { name: 'Traverse City', region_code: 'USA-MI', lon: -85.62, lat: 44.76, population: 15_678 },
    { name: 'Lansing', region_code: 'USA-MI', lon: -84.56, lat: 42.73, population: 112_644 },
    { name: 'Ironwood', region_code: 'USA-MI', lon: -90.17, lat: 46.45, population: 5_045 },
    { name: 'Lansing', region_code: 'USA-IL', lon: -87.54, lat: 41.56, population: 29_076 },
    // Abbreviated saints and mounts, for "St." = "Saint" both ways (GeoNames spells some out, some not).
    { name: 'Saint Ignace', region_code: 'USA-MI', lon: -84.73, lat: 45.87, population: 2_452 },
    { name: 'Sault Ste. Marie', region_code: 'USA-MI', lon: -84.35, lat: 46.5, population: 13_337 },
    { name: 'St. Johns', region_code: 'USA-MI', lon: -84.56, lat: 43.0, population: 7_865 },
    { name: 'Mount Pleasant', region_code: 'USA-MI', lon: -84.77, lat: 43.6, population: 21_688 },
    { name: 'Milwaukee', region_code: 'USA-WI', lon: -87.91, lat: 43.04, population: 577_222 },
  ],
  release: 2023,
  trendYears: { start: 2012, end: 2022 },
  maskRegion: 'USA-MI',
};

/** A Wednesday in the breeding season: 2024-06-12 (its month/day is read in the 2023 calendar). */
export const TEST_CLOCK = { today: '2024-06-12' };
