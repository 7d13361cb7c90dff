import { answerAddDataset, readDatasetRequest } from './answer-add-dataset';
import { answerChance } from './answer-chance';
import { answerCompare } from './answer-compare';
import { answerData } from './answer-data';
import { answerRange } from './answer-range';
import { answerSeason } from './answer-season';
import { answerTiming } from './answer-timing';
import { answerTopRegions } from './answer-top-regions';
import { answerTrend } from './answer-trend';
import { answerWhere } from './answer-where';
import { capabilitiesReply } from './capabilities';
import { parseQuestion, type Intent, type ParsedQuestion } from './parse-question';
import { type Plan, type PlannerMemory, PlanStop } from './plan-step';
import { checkMask, type Forced, resolveTarget, type Target } from './resolve-target';

/** Families whose figures are over cells or the prediction area, so a region may be the whole mask (checkMask). */
const CELL_FAMILIES = new Set<Intent>(['peak', 'arrival', 'departure', 'where', 'chance', 'trend', 'season_most_common', 'range_size']);

/**
 * One question → the calls and the answer. A follow-up with no question word of its own ("and in
 * winter?") repeats the previous family with the new time (an arrival or departure becomes
 * "where"); species and region carry over.
 */
export function* planQuestion(question: string, memory: PlannerMemory, forced: Forced = {}): Plan {
  const dataset = readDatasetRequest(question);
  if (dataset) return yield* answerAddDataset(dataset);
  const parsed = followUp(parseQuestion(question), memory);
  if (parsed.intent === 'unknown') return capabilitiesReply(question);
  if (parsed.intent === 'data_available') return yield* answerData();
  if (parsed.intent === 'compare') return yield* planCompare(question, parsed, memory, forced);
  let target = yield* resolveTarget(question, parsed, memory, forced);
  if (CELL_FAMILIES.has(parsed.intent)) target = yield* checkMask(target);
  remember(memory, target, parsed);
  switch (parsed.intent) {
    case 'peak':
    case 'arrival':
    case 'departure':
      return yield* answerTiming(target, parsed, memory);
    case 'where':
      return yield* answerWhere(target, parsed);
    case 'chance':
      return yield* answerChance(target, parsed);
    case 'top_regions':
      return yield* answerTopRegions(target, parsed, question);
    case 'trend':
      return yield* answerTrend(target, parsed);
    case 'range_size':
      return yield* answerRange(target, parsed);
    case 'season_most_common':
      return yield* answerSeason(target, question);
  }
}

function* planCompare(question: string, parsed: ParsedQuestion, memory: PlannerMemory, forced: Forced): Plan {
  const [firstText, secondText] = parsed.subjects;
  if (firstText === undefined || secondText === undefined) {
    return 'To compare, name two species, e.g. "Compare Yellow-bellied Sapsucker and Downy Woodpecker in June".';
  }
  let first = yield* resolveTarget(question, parsed, memory, forced, firstText);
  first = yield* checkMask(first);
  let second: Target | undefined;
  let missing: string | undefined;
  try {
    second = yield* resolveTarget(question, parsed, memory, first.region ? { region: first.region } : {}, secondText);
  } catch (error) {
    if (!(error instanceof PlanStop)) throw error;
    missing = error.text;
  }
  remember(memory, first, parsed);
  if (second && second.species.code === first.species.code) missing = `Both names read as ${first.species.name}, so there is nothing to compare.`;
  const targets = second && !missing ? [first, second] : [first];
  const answer = yield* answerCompare(targets, parsed);
  return missing ? `${missing}\n\nHere is what the data says about ${first.species.name} alone:\n\n${answer}` : answer;
}

function followUp(parsed: ParsedQuestion, memory: PlannerMemory): ParsedQuestion {
  if (parsed.intent !== 'unknown' || !memory.intent) return parsed;
  // Only a question with nothing new but a time or place follows up ("and in winter?", "what about
  // in Michigan?"); "what colour are its eggs?" has words of its own and is not one.
  if (!parsed.isFollowUp && parsed.subject !== '') return parsed;
  // "When do they leave?" then "and in winter?": a time cannot narrow an arrival or departure, so it asks where they are then.
  const intent = parsed.time && (memory.intent === 'arrival' || memory.intent === 'departure') ? 'where' : memory.intent;
  return { ...parsed, intent, ...(parsed.time ?? memory.time ? { time: parsed.time ?? memory.time } : {}) };
}

function remember(memory: PlannerMemory, target: Target, parsed: ParsedQuestion): void {
  memory.species = { code: target.species.code, name: target.species.name };
  if (target.region) memory.region = { code: target.region.code, name: target.region.name };
  else delete memory.region;
  memory.intent = parsed.intent;
  if (parsed.time) memory.time = parsed.time;
  else delete memory.time;
}
