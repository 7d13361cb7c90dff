import type { ParsedQuestion } from './parse-question';
import { subjectWords } from './parse-question';
import { detectRegion } from './region-step';
import { withoutPhrase } from './detect-region';
import { askChoice } from './ask-choice';
import { callTool, callTools, dataOf, type Plan, type PlannerMemory, PlanStop } from './plan-step';
import { formatFigure } from './format-figure';
import { sqlText } from './sql-text';

export interface TargetSpecies {
  code: string;
  name: string;
  simulated: boolean;
  /** Status release year: week dates are days of this year. */
  release: number;
}

export interface TargetRegion {
  code: string;
  name: string;
  type: 'country' | 'state';
}

/** What a question is about, checked against the data through the tools. */
export interface Target {
  species: TargetSpecies;
  region?: TargetRegion;
  /** The species' data is masked to the region: figures use every modelled cell (see checkMask). */
  mask?: { cellsModelled: number; cellsInRegion: number };
  /** Sentences the answer must carry about how the question was read. */
  notes: string[];
}

/** Choices the user already made (the answer to an ask_user), used instead of the question's words. */
export interface Forced {
  species?: { code: string; name: string };
  region?: { code: string; name: string };
}

/** Species listed when the data has several and the question names none. */
const MAX_LISTED_SPECIES = 6;

/**
 * Species and region of a question. Regions are spotted by exact name or code (run_sql over
 * `regions`) and then resolved with find_region; the rest of the words go to find_species.
 * No species words: the previous turn's species, else the only species in the data. Anything
 * ambiguous ends the turn with ask_user; nothing matching ends it with an honest reply.
 */
export function* resolveTarget(question: string, parsed: ParsedQuestion, memory: PlannerMemory, forced: Forced = {}, speciesText?: string): Plan<Target> {
  const notes: string[] = [];
  const detected = forced.region ? undefined : yield* detectRegion(question);
  const rest = detected ? detected.rest : question;
  const wanted = forced.species ? '' : subjectWords(speciesText !== undefined ? (detected ? withoutPhrase(speciesText, detected.phrase) : speciesText) : rest);
  const calls = [
    { name: 'run_sql', arguments: { purpose: 'list the species in this data', sql: 'SELECT species_code, common_name, simulated, release FROM species ORDER BY common_name' } },
    ...(wanted ? [{ name: 'find_species', arguments: { text: wanted } }] : []),
    ...(detected ? [{ name: 'find_region', arguments: { text: detected.phrase } }] : []),
  ];
  const envelopes = yield* callTools(calls);
  const listed = envelopes[0];
  const found = wanted ? envelopes[1] : undefined;
  const regionFound = detected ? envelopes[envelopes.length - 1] : undefined;
  const all = (dataOf(listed!)?.preview ?? []) as { species_code: string; common_name: string; simulated: boolean; release: number }[];
  const facts = (code: string) => { const row = all.find((entry) => entry.species_code === code); return { simulated: row?.simulated ?? false, release: row?.release ?? 0 }; };
  const count = Number(dataOf(listed!)?.rows ?? all.length);

  let species: TargetSpecies | undefined;
  if (forced.species) species = { ...forced.species, ...facts(forced.species.code) };
  else if (wanted) {
    const candidates = (dataOf(found!)?.candidates ?? []) as { species_code: string; common_name: string; match: string; score: number; simulated: boolean }[];
    const exact = candidates.filter((candidate) => candidate.match === 'exact');
    const [first, second] = exact.length > 0 ? exact : candidates;
    if (first === undefined) {
      const names = all.map((row) => `${row.common_name} (${row.species_code})`).join(', ');
      throw new PlanStop(`I found no species matching '${wanted}' in this data. It holds ${formatFigure(count)} species${names ? `: ${names}` : ''}. Ask about one of those.`);
    }
    const clear = exact.length === 1 || (exact.length === 0 && (second === undefined || first.score >= 2 * second.score));
    if (!clear) {
      const options = (exact.length > 0 ? exact : candidates).slice(0, MAX_LISTED_SPECIES);
      yield* askChoice(memory, question, `Which species do you mean by '${wanted}'?`, options.map((candidate) => ({ label: `${candidate.common_name} (${candidate.species_code})`, kind: 'species', code: candidate.species_code, name: candidate.common_name })));
    }
    species = { code: first.species_code, name: first.common_name, ...facts(first.species_code) };
    if (first.match !== 'exact') notes.push(`I read '${wanted}' as ${first.common_name} (${first.species_code}).`);
  } else if (memory.species && (parsed.usesPronoun || parsed.isFollowUp || !parsed.subject)) {
    species = { ...memory.species, ...facts(memory.species.code) };
  } else if (count === 1 && all[0]) {
    species = { code: all[0].species_code, name: all[0].common_name, ...facts(all[0].species_code) };
    notes.push(`You did not name a species; the data holds exactly one, ${species.name} (${species.code}), so I answered for it.`);
  } else if (all.length > 1) {
    yield* askChoice(memory, question, 'Which species do you mean?', all.slice(0, MAX_LISTED_SPECIES).map((row) => ({ label: `${row.common_name} (${row.species_code})`, kind: 'species', code: row.species_code, name: row.common_name })));
  }
  if (!species) throw new PlanStop('This data holds no species, so there is nothing to answer from. Build the data first (npm run data).');

  let region: TargetRegion | undefined;
  if (forced.region) region = yield* regionByCode(forced.region.code);
  else if (detected) {
    const candidates = (dataOf(regionFound!)?.candidates ?? []) as { region_code: string; name: string; type: 'country' | 'state'; match: string }[];
    const exact = candidates.filter((candidate) => candidate.match === 'exact');
    if (exact.length > 1) {
      yield* askChoice(memory, question, `Which ${exact[0]!.name} do you mean?`, exact.slice(0, 6).map((candidate) => ({ label: `${candidate.name} (${candidate.region_code}, a ${candidate.type})`, kind: 'region', code: candidate.region_code, name: candidate.name })));
    }
    const chosen = exact[0] ?? candidates[0];
    if (chosen) region = { code: chosen.region_code, name: chosen.name, type: chosen.type };
  } else if (memory.region && (parsed.usesPronoun || parsed.isFollowUp) && !wanted) {
    region = yield* regionByCode(memory.region.code);
  }
  return { species, ...(region ? { region } : {}), notes };
}

function* regionByCode(code: string): Plan<TargetRegion | undefined> {
  const envelope = yield* callTool('find_region', { text: code });
  const candidate = (dataOf(envelope)?.candidates ?? []).find((row: { region_code: string }) => row.region_code === code);
  return candidate ? { code: candidate.region_code, name: candidate.name, type: candidate.type } : undefined;
}

/**
 * Whether the species' data is masked to the region: eBird's example is cut to Michigan, and
 * "in Michigan" then means the whole mask (293 cells, 27 of whose centres lie just outside the
 * state line — measured on the example build), as eBird's own figures for it do. The test is
 * the overlap of the prediction area's extent with the region's (intersection over union);
 * the example gives 0.99, a state inside a continent-wide prediction area far below 0.9.
 */
export function* checkMask(target: Target): Plan<Target> {
  if (!target.region) return target;
  const column = target.region.type === 'state' ? 'state_code' : 'country_code';
  const species = sqlText(target.species.code);
  const sql = `WITH p AS (SELECT min(xmin) AS xmin, min(ymin) AS ymin, max(xmax) AS xmax, max(ymax) AS ymax FROM ranges WHERE species_code = ${species} AND layer = 'prediction_area'),
  r AS (SELECT xmin, ymin, xmax, ymax FROM regions WHERE region_code = ${sqlText(target.region.code)}),
  o AS (SELECT greatest(0, least(p.xmax, r.xmax) - greatest(p.xmin, r.xmin)) * greatest(0, least(p.ymax, r.ymax) - greatest(p.ymin, r.ymin)) AS overlap,
    (p.xmax - p.xmin) * (p.ymax - p.ymin) AS area_p, (r.xmax - r.xmin) * (r.ymax - r.ymin) AS area_r FROM p, r)
SELECT overlap / (area_p + area_r - overlap) AS extent_match,
  (SELECT count(DISTINCT cell_id) FROM weekly WHERE species_code = ${species}) AS cells_modelled,
  (SELECT count(DISTINCT cell_id) FROM weekly WHERE species_code = ${species} AND ${column} = ${sqlText(target.region.code)}) AS cells_in_region
FROM o`;
  const envelope = yield* callTool('run_sql', { purpose: `is the ${target.species.name} data masked to ${target.region.name}?`, sql });
  const row = dataOf(envelope)?.preview?.[0] as { extent_match: number | null; cells_modelled: number; cells_in_region: number } | undefined;
  if (!row || row.extent_match === null || row.extent_match < MASK_MATCH) return target;
  return { ...target, mask: { cellsModelled: row.cells_modelled, cellsInRegion: row.cells_in_region } };
}

/** Intersection over union of the two extents above which the data counts as masked to the region. */
const MASK_MATCH = 0.9;

/** The sentence that says how a masked region was read. */
export function maskNote(target: Target): string | undefined {
  if (!target.mask || !target.region) return undefined;
  const outside = target.mask.cellsModelled - target.mask.cellsInRegion;
  return `This data is masked to ${target.region.name}: its prediction area is ${target.region.name}, so I used all ${formatFigure(target.mask.cellsModelled)} modelled cells of the mask (${formatFigure(outside)} of them have their centre just outside the ${target.region.type === 'state' ? 'state' : 'country'} line).`;
}

/** Region argument for a domain tool: none when masked (every modelled cell is the region). */
export function regionArgument(target: Target): { region?: string } {
  return target.region && !target.mask ? { region: target.region.code } : {};
}

/** "in Michigan" or "" for answers. */
export function inRegion(target: Target): string {
  return target.region ? ` in ${target.region.name}` : '';
}
