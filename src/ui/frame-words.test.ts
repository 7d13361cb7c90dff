import { describe, expect, it } from 'vitest';
import type { QueryFrame } from '../frame/query-frame';
import { readQuestion } from '../reader';
import { TEST_CLOCK, TEST_VOCABULARY } from '../reader/__fixtures__/test-vocabulary';
import { readingChips } from './chip-options';
import { frameInWords } from './reading-words';

const read = (text: string) => readQuestion(text, { vocabulary: TEST_VOCABULARY, clock: TEST_CLOCK });
const NAMES = Object.fromEntries([
  ...TEST_VOCABULARY.species.map((species) => [species.code, species.common_name]),
  ...TEST_VOCABULARY.regions.map((region) => [region.code, region.name]),
  ...TEST_VOCABULARY.parts.map((part) => [part.id, part.name]),
]);

/**
 * Frames that ask the same thing: one whole year is no time, every modelled cell no place, and a
 * trend's or range area's breeding season is what no time means for them (query_status).
 */
function sameQuestion(frame: QueryFrame): string {
  const defaultSeason = frame.measure === 'trend' || frame.measure === 'range_area';
  const [time, ...moreTimes] = frame.times;
  const loneDefault =
    moreTimes.length === 0 &&
    time &&
    (time.kind === 'year' || (defaultSeason && time.kind === 'season' && time.season === 'breeding'));
  const loneAll = frame.places.length === 1 && frame.places[0]!.kind === 'all';
  return JSON.stringify({
    ...frame,
    times: loneDefault ? [] : frame.times,
    places: loneAll ? [] : frame.places,
  });
}

/**
 * A turn asked from a chip is shown, and shared in links, as its frame in words; a shared link
 * is read again by the question reader. So the words of every chip option must read back as
 * that option's frame, or a shared conversation would answer a different question.
 */
describe('frameInWords read back by the question reader', () => {
  it('every chip option of several readings reads back as the same question', () => {
    const questions = [
      'When does the Yellow-bellied Sapsucker peak in Michigan?',
      'Where is the sapsucker most common in winter?',
      'When do sapsuckers arrive in Michigan?',
      'How big is the breeding range of the Yellow-bellied Sapsucker in square miles?',
      'Is the sapsucker increasing in Michigan?',
      'How common is the Yellow-bellied Sapsucker in the Upper Peninsula in June?',
    ];
    const differences: string[] = [];
    let options = 0;
    for (const question of questions) {
      const frame = read(question).frame;
      expect(frame, question).toBeDefined();
      for (const chip of readingChips(frame!, { names: NAMES, year: 2023 }))
        for (const option of chip.options) {
          options++;
          const words = frameInWords(option.frame, NAMES);
          const again = read(words).frame;
          if (!again || sameQuestion(again) !== sameQuestion(option.frame))
            differences.push(`${words} → ${JSON.stringify(again)}`);
        }
    }
    expect(options).toBeGreaterThan(150);
    expect(differences).toEqual([]);
  });
});
