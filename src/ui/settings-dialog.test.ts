import { describe, expect, it } from 'vitest';
import { DEFAULT_GEMINI_MODEL } from '../models/gemini-model-names';
import { geminiModelOptions } from './settings-dialog';

const listed = [
  { name: DEFAULT_GEMINI_MODEL, displayName: 'Gemini 3.8 Flash' },
  { name: 'gemini-3.7-pro', displayName: 'Gemini 3.7 Pro' },
  { name: 'gemini-exp-1', displayName: '' },
];

describe('geminiModelOptions', () => {
  it('a stored model the key is served stays chosen; only the default is marked', () => {
    const { options, selected } = geminiModelOptions(listed, 'gemini-3.7-pro');
    expect(selected).toBe('gemini-3.7-pro');
    expect(options).toEqual([
      { value: DEFAULT_GEMINI_MODEL, label: 'Gemini 3.8 Flash (default)' },
      { value: 'gemini-3.7-pro', label: 'Gemini 3.7 Pro' },
      { value: 'gemini-exp-1', label: 'gemini-exp-1' },
    ]);
  });

  it('a stored model the key is not served is named so, last, and the default is chosen', () => {
    const { options, selected } = geminiModelOptions(listed, 'gemini-3.6-flash');
    expect(selected).toBe(DEFAULT_GEMINI_MODEL);
    expect(options.at(-1)).toEqual({
      value: 'gemini-3.6-flash',
      label: 'gemini-3.6-flash — not served for this key',
    });
    expect(options).toHaveLength(4);
  });

  it('when the key is not served the default either, both are named so and the first listed model is chosen', () => {
    const { options, selected } = geminiModelOptions(listed.slice(1), 'gemini-3.6-flash');
    expect(selected).toBe('gemini-3.7-pro');
    expect(
      options
        .filter((option) => option.label.endsWith('not served for this key'))
        .map((option) => option.value),
    ).toEqual(['gemini-3.6-flash', DEFAULT_GEMINI_MODEL]);
  });

  it('an empty listing keeps the stored model chosen, named as not served', () => {
    expect(geminiModelOptions([], DEFAULT_GEMINI_MODEL)).toEqual({
      options: [{ value: DEFAULT_GEMINI_MODEL, label: `${DEFAULT_GEMINI_MODEL} — not served for this key` }],
      selected: DEFAULT_GEMINI_MODEL,
    });
  });
});
