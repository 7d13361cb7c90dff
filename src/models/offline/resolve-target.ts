import type { ToolEnvelope } from '../../registry';
import type { ParsedQuestion } from './parse-question';
import { subjectWords } from './parse-question';
import { detectRegion } from './region-step';
import { withoutPhrase } from './detect-region';
import { namesCover } from './names-cover';
import { askChoice } from './ask-choice';
import { callTool, callTools, dataOf, type Plan, type PlannerMemory, PlanStop } from './plan-step';
import { formatFigure } from './format-figure';
import { sqlText } from './sql-text';

export interface TargetSpecies {
  code: string;
  name: string;
  simulated: boolean;
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
  mask?: { cellsModelled: number; cellsOutside: number };
  /** Sentences the answer must carry about how the question was read. */
  notes: string[];
  /** Simulated species an answer covers when it covers several (a comparison). */
  simulatedNames?: string[];
}

/** Choices the user already made (the answer to an ask_user), used instead of the question's words. */
export interface Forced {
  species?: { code: string; name: string };
  region?: { code: string; name: string };
}

/** Species listed when the data has several and the question names none. */
const MAX_LISTED_SPECIES = 6;

/** A species row as this module lists them. */
interface ListedSpecies {
  species_code: string;
  common_name: string;
  simulated: boolean;
}

/**
 * Every species of the data in one row of lists: run_sql shows a model only its first 8 rows,
 * and the planner needs them all (to say "the only species", to list them, to know which are simulated).
 */
const SPECIES_LIST_SQL = 'SELECT count(*) AS species, list(species_code ORDER BY common_name) AS codes, list(common_name ORDER BY common_name) AS names, list(simulated ORDER BY common_name) AS simulated FROM species';

/**
 * Species and region of a question. Regions are spotted by exact name or code (run_sql over
 * `regions`) and then resolved with find_region; the rest of the words go to find_species.
 * No species words: the previous turn's species, else the only species in the data. Anything
 * ambiguous ends the turn with ask_user; nothing matching ends it with an honest reply.
 */
export function* resolveTarget(question: string, parsed: ParsedQuestion, memory: PlannerMemory, forced: Forced = {}, speciesText?: string): Plan<Target> {
  const detected = forced.region ? undefined : yield* detectRegion(question);
  const regionPhrase = detected?.phrase ?? forced.region?.name;
  // detectRegion already removed the region as typed ("MI" for USA-MI); a comparison's parts and a chosen region still name it.
  const text = speciesText === undefined && detected ? detected.rest : (speciesText ?? question);
  const wanted = forced.species ? '' : subjectWords(regionPhrase && !(speciesText === undefined && detected) ? withoutPhrase(text, regionPhrase) : text);
  const envelopes = yield* callTools([
    { name: 'run_sql', arguments: { purpose: 'list the species in this data', sql: SPECIES_LIST_SQL } },
    ...(wanted ? [{ name: 'find_species', arguments: { text: wanted } }] : []),
    ...(detected ? [{ name: 'find_region', arguments: { text: detected.phrase } }] : []),
  ]);
  const all = listedSpecies(dataOf(envelopes[0]!));
  const notes: string[] = [];
  const species = yield* pickSpecies({ question, parsed, memory, forced, wanted, all, found: wanted ? envelopes[1] : undefined, notes });
  let region: TargetRegion | undefined;
  if (forced.region) region = yield* regionByCode(forced.region.code);
  else if (detected) region = yield* pickRegion(question, memory, envelopes[envelopes.length - 1]!);
  else if (memory.region && (parsed.usesPronoun || parsed.isFollowUp) && !wanted) region = yield* regionByCode(memory.region.code);
  return { species, ...(region ? { region } : {}), notes };
}

function listedSpecies(result: Record<string, any> | undefined): ListedSpecies[] {
  const row = result?.preview?.[0] as { codes: string[] | null; names: string[] | null; simulated: boolean[] | null } | undefined;
  return (row?.codes ?? []).map((code, index) => ({ species_code: code, common_name: row!.names![index]!, simulated: row!.simulated![index]! }));
}

interface SpeciesChoice {
  question: string;
  parsed: ParsedQuestion;
  memory: PlannerMemory;
  forced: Forced;
  /** The words naming a species ('' when none). */
  wanted: string;
  all: ListedSpecies[];
  found: ToolEnvelope | undefined;
  notes: string[];
}

function* pickSpecies(choice: SpeciesChoice): Plan<TargetSpecies> {
  const { memory, forced, wanted, all, parsed, notes } = choice;
  const simulated = (code: string) => all.find((row) => row.species_code === code)?.simulated ?? false;
  const option = (row: { species_code: string; common_name: string }) => ({ label: `${row.common_name} (${row.species_code})`, kind: 'species' as const, code: row.species_code, name: row.common_name });
  if (forced.species) return { ...forced.species, simulated: simulated(forced.species.code) };
  if (wanted) {
    const candidates = ((dataOf(choice.found!)?.candidates ?? []) as (ListedSpecies & { scientific_name: string; match: string; score: number })[])
      .filter((candidate) => candidate.match === 'exact' || namesCover(wanted, [candidate.common_name, candidate.scientific_name, candidate.species_code]));
    const exact = candidates.filter((candidate) => candidate.match === 'exact');
    const [first, second] = exact.length > 0 ? exact : candidates;
    if (first === undefined) {
      const names = all.map((row) => `${row.common_name} (${row.species_code})`).join(', ');
      throw new PlanStop(`I found no species matching '${wanted}' in this data. It holds ${formatFigure(all.length)} species${names ? `: ${names}` : ''}. Ask about one of those.`);
    }
    const clear = exact.length === 1 || (exact.length === 0 && (second === undefined || first.score >= 2 * second.score));
    if (!clear) yield* askChoice(memory, choice.question, `Which species do you mean by '${wanted}'?`, (exact.length > 0 ? exact : candidates).slice(0, MAX_LISTED_SPECIES).map(option));
    if (first.match !== 'exact') notes.push(`I read '${wanted}' as ${first.common_name} (${first.species_code}).`);
    return { code: first.species_code, name: first.common_name, simulated: first.simulated };
  }
  if (memory.species && (parsed.usesPronoun || parsed.isFollowUp || !parsed.subject)) return { ...memory.species, simulated: simulated(memory.species.code) };
  const [only] = all;
  if (all.length === 1 && only) {
    notes.push(`You did not name a species; the data holds exactly one, ${only.common_name} (${only.species_code}), so I answered for it.`);
    return { code: only.species_code, name: only.common_name, simulated: only.simulated };
  }
  if (all.length > 1) yield* askChoice(memory, choice.question, 'Which species do you mean?', all.slice(0, MAX_LISTED_SPECIES).map(option));
  throw new PlanStop('This data holds no species, so there is nothing to answer from. Build the data first (npm run data).');
}

function* pickRegion(question: string, memory: PlannerMemory, envelope: ToolEnvelope): Plan<TargetRegion | undefined> {
  const candidates = (dataOf(envelope)?.candidates ?? []) as { region_code: string; name: string; type: 'country' | 'state'; match: string }[];
  const exact = candidates.filter((candidate) => candidate.match === 'exact');
  if (exact.length > 1) {
    yield* askChoice(memory, question, `Which ${exact[0]!.name} do you mean?`, exact.slice(0, 6).map((candidate) => ({ label: `${candidate.name} (${candidate.region_code}, a ${candidate.type})`, kind: 'region', code: candidate.region_code, name: candidate.name })));
  }
  const chosen = exact[0] ?? candidates[0];
  return chosen ? { code: chosen.region_code, name: chosen.name, type: chosen.type } : undefined;
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
    (p.xmax - p.xmin) * (p.ymax - p.ymin) AS area_p, (r.xmax - r.xmin) * (r.ymax - r.ymin) AS area_r FROM p, r),
  c AS (SELECT count(DISTINCT cell_id) AS cells_modelled, count(DISTINCT cell_id) FILTER (WHERE ${column} = ${sqlText(target.region.code)}) AS cells_in_region
    FROM weekly WHERE species_code = ${species})
SELECT overlap / (area_p + area_r - overlap) AS extent_match, c.cells_modelled, c.cells_in_region, c.cells_modelled - c.cells_in_region AS cells_outside FROM o, c`;
  const envelope = yield* callTool('run_sql', { purpose: `is the ${target.species.name} data masked to ${target.region.name}?`, sql });
  const row = dataOf(envelope)?.preview?.[0] as { extent_match: number | null; cells_modelled: number; cells_outside: number } | undefined;
  if (!row || row.extent_match === null || row.extent_match < MASK_MATCH) return target;
  return { ...target, mask: { cellsModelled: row.cells_modelled, cellsOutside: row.cells_outside } };
}

/** Intersection over union of the two extents above which the data counts as masked to the region. */
const MASK_MATCH = 0.9;

/** The sentence that says how a masked region was read. */
export function maskNote(target: Target): string | undefined {
  if (!target.mask || !target.region) return undefined;
  return `This data is masked to ${target.region.name}: its prediction area is ${target.region.name}, so I used all ${formatFigure(target.mask.cellsModelled)} modelled cells of the mask (${formatFigure(target.mask.cellsOutside)} of them have their centre just outside the ${target.region.type === 'state' ? 'state' : 'country'} line).`;
}

/** Region argument for a domain tool: none when masked (every modelled cell is the region). */
export function regionArgument(target: Target): { region?: string } {
  return target.region && !target.mask ? { region: target.region.code } : {};
}

/** "in Michigan" or "" for answers. */
export function inRegion(target: Target): string {
  return target.region ? ` in ${target.region.name}` : '';
}
