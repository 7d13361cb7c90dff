import { describe, expect, it } from 'vitest';
import { formatShareLink, parseShareLink } from './share-link';

describe('parseShareLink', () => {
  it('parseShareLink reads the question and a known model kind', () => {
    expect(parseShareLink('?q=When+does+it+peak%3F&model=gemini')).toEqual({ question: 'When does it peak?', model: 'gemini' });
  });

  it('parseShareLink ignores unknown models, blank and overlong questions', () => {
    expect(parseShareLink('?q=%20%20&model=claude')).toEqual({});
    expect(parseShareLink(`?q=${'a'.repeat(501)}`)).toEqual({});
  });
});

describe('formatShareLink', () => {
  it('formatShareLink keeps the sub-path, replaces the query and round-trips', () => {
    const link = formatShareLink('https://someone.github.io/perch/?key=secret#x', { question: 'Where is it & when?', model: 'offline' });
    expect(link).toBe('https://someone.github.io/perch/?q=Where+is+it+%26+when%3F&model=offline');
    expect(parseShareLink(new URL(link).search)).toEqual({ question: 'Where is it & when?', model: 'offline' });
  });
});
