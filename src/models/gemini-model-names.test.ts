import { describe, expect, it } from 'vitest';
import { currentGeminiModel, DEFAULT_GEMINI_MODEL, isRetiredGeminiModel } from './gemini-model-names';

describe('gemini model names', () => {
  it('the default is not a retired model', () => {
    expect(isRetiredGeminiModel(DEFAULT_GEMINI_MODEL)).toBe(false);
  });

  it.each([
    'gemini-2.5-flash',
    'gemini-2.5-pro',
    'models/gemini-2.5-flash',
    'gemini-2.0-flash-001',
    'gemini-2.5-flash-preview-05-20',
    'gemini-1.5-pro',
    ' gemini-2.5-flash ',
    'gemini-3.1-flash-lite-preview',
    'models/gemini-3-pro-image-preview',
  ])('currentGeminiModel(%j) migrates a retired name to the default with a note naming both', (stored) => {
    const current = currentGeminiModel(stored);
    expect(current.model).toBe(DEFAULT_GEMINI_MODEL);
    expect(current.note).toContain(stored.trim());
    expect(current.note).toContain(DEFAULT_GEMINI_MODEL);
  });

  it.each([
    'gemini-3.8-flash',
    'gemini-3.7-flash',
    'gemini-3.5-flash-lite',
    'gemini-3.1-pro-preview',
    'gemini-3.1-flash-lite',
    'gemini-2.5-flashy-custom-tune',
  ])('currentGeminiModel(%j) keeps a served name as it is', (stored) => {
    expect(currentGeminiModel(stored)).toEqual({ model: stored });
  });

  it('an empty stored name gives the default without a note', () => {
    expect(currentGeminiModel('')).toEqual({ model: DEFAULT_GEMINI_MODEL });
    expect(currentGeminiModel(undefined)).toEqual({ model: DEFAULT_GEMINI_MODEL });
  });
});
