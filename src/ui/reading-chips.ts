import type { QueryFrame } from '../frame/query-frame';
import type { Reading } from '../reader';
import { readingChips, type Chip, type ChipContext, type ChipPart } from './chip-options';
import { el } from './dom';

const PART_NAMES: Record<ChipPart, string> = {
  species: 'Species',
  measure: 'Measure',
  operation: 'What to find',
  time: 'Time',
  place: 'Place',
  threshold: 'Threshold',
  top_n: 'How many',
};

/**
 * "I read this as:" and one chip per part of the frame, above an answer. A chip with
 * alternatives is a native <select> (keyboard and screen readers work as everywhere); picking
 * one calls `onPick` with the edited frame and puts the chip back: the new reading is a new turn.
 * Words the reader did not understand follow in a muted line.
 */
export function createReadingLine(
  reading: Reading,
  context: ChipContext,
  onPick: (frame: QueryFrame) => void,
  disabled: boolean,
): HTMLElement {
  const chips = reading.frame ? readingChips(reading.frame, context) : [];
  const unknown =
    reading.unknown.length > 0
      ? el('p', { class: 'reading-unknown' }, [
          `Not understood: ${reading.unknown.map((word) => `'${word}'`).join(', ')}`,
        ])
      : null;
  const line =
    chips.length > 0
      ? el('p', { class: 'reading-line' }, [
          el('span', { class: 'reading-lead' }, ['I read this as:']),
          ...chips.map((chip) => chipElement(chip, onPick, disabled)),
        ])
      : null;
  return el(
    'div',
    {
      class: 'reading',
      role: 'group',
      'aria-label': 'How the question was read',
      ...(reading.summary ? { title: reading.summary } : {}),
    },
    [line, unknown],
  );
}

function chipElement(chip: Chip, onPick: (frame: QueryFrame) => void, disabled: boolean): HTMLElement {
  const data = { 'data-part': chip.part, 'data-index': chip.index };
  if (chip.options.length < 2) return el('span', { class: 'chip chip-static', ...data }, [chip.label]);
  const select = el(
    'select',
    {
      class: 'chip-select',
      'aria-label': `${PART_NAMES[chip.part]}: change and ask again`,
      disabled,
      ...data,
    },
    chip.options.map((option, index) =>
      el('option', { value: String(index), selected: option.current }, [option.label]),
    ),
  );
  select.addEventListener('change', () => {
    const picked = chip.options[select.selectedIndex];
    select.selectedIndex = 0; // this turn keeps its reading; the pick is a new turn
    if (picked && !picked.current) onPick(picked.frame);
  });
  return el('span', { class: 'chip', ...data }, [select]);
}
