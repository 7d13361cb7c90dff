/**
 * Every region, as data_vocabulary lists it. Region lookups (resolve-region.ts) send this same
 * text: data_vocabulary's results are prebuilt with the data (pipeline/prebuild-results.ts), so
 * the list is already in the engine's result cache. Reading it again under another text fetched
 * and decoded four columns of the 1.5 MB regions file: 40–65 ms of the first answer (page
 * timeline, 2026-12-07).
 */
export const REGION_LIST_SQL =
  'SELECT region_code AS code, name, type, parent_code FROM regions ORDER BY region_code';

export interface RegionListRow {
  code: string;
  name: string;
  type: 'country' | 'state';
  parent_code: string | null;
}
