import { describe, expect, it } from 'vitest';
import { MAX_SHARED_QUESTIONS, formatShareLink, parseShareLink } from './share-link';

describe('parseShareLink', () => {
  it('parseShareLink reads a one-question link (the older form) and a known model kind', () => {
    expect(parseShareLink('?q=When+does+it+peak%3F&model=gemini')).toEqual({
      questions: ['When does it peak?'],
      model: 'gemini',
    });
  });

  it('parseShareLink reads every q of a conversation link, in order', () => {
    expect(parseShareLink('?q=When%20does%20it%20peak%3F&q=and%20in%20winter%3F&model=offline')).toEqual({
      questions: ['When does it peak?', 'and in winter?'],
      model: 'offline',
    });
    expect(parseShareLink('?q=b&q=a').questions).toEqual(['b', 'a']);
  });

  it('parseShareLink ignores unknown models and blank questions, and refuses an overlong question or too many', () => {
    expect(parseShareLink('?q=%20%20&model=claude')).toEqual({ questions: [] });
    expect(parseShareLink('?q=first&q=%20&q=second').questions).toEqual(['first', 'second']);
    // Part of a conversation would answer its follow-ups out of context: all or nothing.
    expect(parseShareLink(`?q=first&q=${'a'.repeat(501)}`)).toEqual({ questions: [] });
    const many = Array.from({ length: MAX_SHARED_QUESTIONS + 1 }, (_, index) => `q=question+${index}`).join(
      '&',
    );
    expect(parseShareLink(`?${many}`)).toEqual({ questions: [] });
  });
});

describe('formatShareLink', () => {
  it('formatShareLink keeps the sub-path, replaces the query and round-trips one question', () => {
    const link = formatShareLink('https://someone.github.io/perch/?key=secret#x', {
      questions: ['Where is it & when?'],
      model: 'offline',
    });
    expect(link).toBe('https://someone.github.io/perch/?q=Where+is+it+%26+when%3F&model=offline');
    expect(parseShareLink(new URL(link).search)).toEqual({
      questions: ['Where is it & when?'],
      model: 'offline',
    });
  });

  it('formatShareLink round-trips a whole conversation, order and punctuation kept', () => {
    const questions = [
      'When does the Yellow-bellied Sapsucker peak in Michigan?',
      'and in winter?',
      'Yellow-bellied Sapsucker · relative abundance · where highest · winter · Michigan',
      'q=1&model=gemini?',
    ];
    const link = formatShareLink('https://someone.github.io/perch/?q=old&q=older', {
      questions,
      model: 'gemini',
    });
    expect(new URL(link).searchParams.getAll('q')).toEqual(questions);
    expect(parseShareLink(new URL(link).search)).toEqual({ questions, model: 'gemini' });
  });

  it('formatShareLink keeps the latest questions when a conversation is longer than a link holds', () => {
    const questions = Array.from({ length: MAX_SHARED_QUESTIONS + 3 }, (_, index) => `question ${index}`);
    const parsed = parseShareLink(new URL(formatShareLink('https://x.test/', { questions })).search);
    expect(parsed.questions).toEqual(questions.slice(3));
  });
});
