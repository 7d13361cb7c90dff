import { describe, expect, it } from 'vitest';
import { asksWithoutClick, paidModelName } from './shared-question-offer';

describe('a share link asks on open only with the offline reader', () => {
  it('offline asks at once; Gemini and OpenAI-compatible models wait for a click', () => {
    expect(asksWithoutClick({ kind: 'offline' })).toBe(true);
    expect(asksWithoutClick({ kind: 'gemini' })).toBe(false);
    expect(asksWithoutClick({ kind: 'openai' })).toBe(false);
  });

  it('the button names who the click sends the questions to', () => {
    expect(paidModelName({ kind: 'gemini', openaiModel: 'llama3' })).toBe('Gemini');
    expect(paidModelName({ kind: 'openai', openaiModel: 'llama3' })).toBe('llama3');
    expect(paidModelName({ kind: 'openai', openaiModel: '' })).toBe('your OpenAI-compatible model');
  });
});
