import { describe, expect, it } from 'vitest';
import type { StatusResult } from '../../frame/status-result';
import type { Reading } from '../../reader';
import { parseMarkdown } from '../../ui/markdown';
import type { PlannerMemory } from './plan-step';
import { writeAnswer } from './write-answer';

const MASK =
  'The Yellow-bellied Sapsucker data is masked to Michigan: its prediction area is Michigan, so "Michigan" means every modelled cell of the mask, including cells whose centre lies just outside the line.';
const METHOD =
  'NULL cells are not modelled and are left out of means; 0 means predicted absent and is included.';

const reading: Reading = {
  summary: '',
  unknown: [],
  alternatives: [],
  outOfScope: [],
  notes: [],
  carried: [],
};

function peak(date: string, week: number): StatusResult {
  return {
    read_as: 'relative abundance · when highest · whole year · Michigan',
    measure: 'abundance',
    operation: 'when_highest',
    unit: 'relative abundance',
    subjects: [
      {
        species_code: 'yebsap',
        common_name: 'Yellow-bellied Sapsucker',
        time_label: 'the whole year',
        place_label: 'Michigan',
        weeks: Array.from({ length: 52 }, (_unused, index) => index + 1),
        cells_in_place: 293,
        cells_modelled: 293,
        cells_zero: 0,
        mean: 0.2,
        total: 58.6,
        week: { week, date, value: 0.6543060212, total: 191.7116642 },
      },
    ],
    caveats: [MASK, METHOD],
    sql: [],
  };
}

/** The answer's paragraphs before "Details:", and the Details' lines. */
function split(answer: string): { body: string[]; details: string[] } {
  const [body, details = ''] = answer.split('\n\nDetails:\n');
  return { body: body!.split('\n\n'), details: details.split('\n').filter(Boolean) };
}

describe('writeAnswer', () => {
  it('puts one plain sentence right after the reading line, dates as "19 April", and the ISO date and week under Details', () => {
    const { body, details } = split(writeAnswer(reading, peak('2023-04-19', 16), {}, []));
    expect(body[0]).toMatch(/^I read this as: /);
    expect(body[1]).toBe('The Yellow-bellied Sapsucker is most numerous in Michigan around 19 April.');
    expect(body.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}|\bweek \d/);
    expect(details.join('\n')).toContain('week 16 (2023-04-19)');
  });

  it('says the mask caveat in the first answer of a conversation, and only under Details afterwards', () => {
    const memory: PlannerMemory = {};
    const first = split(writeAnswer(reading, peak('2023-04-19', 16), memory, []));
    const second = split(writeAnswer(reading, peak('2023-09-27', 39), memory, []));
    expect(first.body.some((paragraph) => paragraph.includes(MASK))).toBe(true);
    expect(first.details.join('\n')).not.toContain(MASK);
    expect(second.body.join('\n')).not.toContain(MASK);
    expect(second.details).toContain(`- ${MASK}`);
    // A method caveat is never said in the text, and each answer's Details hold it.
    for (const answer of [first, second]) {
      expect(answer.body.join('\n')).not.toContain(METHOD);
      expect(answer.details).toContain(`- ${METHOD}`);
    }
  });

  it('a fresh conversation says the mask caveat again', () => {
    writeAnswer(reading, peak('2023-04-19', 16), {}, []);
    const again = split(writeAnswer(reading, peak('2023-04-19', 16), {}, []));
    expect(again.body.join('\n')).toContain(MASK);
  });

  it('the page folds the Details: everything after "Details:" is one details block, last', () => {
    const blocks = parseMarkdown(writeAnswer(reading, peak('2023-04-19', 16), {}, []));
    expect(blocks.at(-1)).toMatchObject({ type: 'details', summary: 'Details' });
    expect(blocks.filter((block) => block.type === 'details')).toHaveLength(1);
  });

  it('the simulated warning still comes before everything', () => {
    const answer = writeAnswer(reading, peak('2023-04-19', 16), {}, ['Simulated Warbler']);
    expect(answer).toMatch(/^Simulated data: Simulated Warbler is a fictional species/);
  });
});
