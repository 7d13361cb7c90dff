import { describe, expect, it } from 'vitest';
import { needsInternet, networkProblem } from './network-notice';

describe('needsInternet', () => {
  it.each([
    [{ kind: 'offline', baseUrl: '' }, false],
    [{ kind: 'gemini', baseUrl: '' }, true],
    [{ kind: 'openai', baseUrl: 'http://127.0.0.1:11434/v1' }, false],
    [{ kind: 'openai', baseUrl: 'http://localhost:1234/v1' }, false],
    [{ kind: 'openai', baseUrl: 'https://api.openai.com/v1' }, true],
    [{ kind: 'openai', baseUrl: 'not a url' }, true],
  ] as const)('%j → %s', (settings, expected) => expect(needsInternet(settings)).toBe(expected));
});

describe('networkProblem', () => {
  it('names the model and says the offline model still works', () => {
    expect(networkProblem({ kind: 'gemini', baseUrl: '' })).toBe(
      'Gemini needs the network, and there is none right now. The offline model still works: it answers from the data saved on this device.',
    );
    expect(networkProblem({ kind: 'openai', baseUrl: 'http://127.0.0.1:11434/v1' })).toMatch(
      /^The model server at http:\/\/127\.0\.0\.1:11434\/v1 did not answer/,
    );
  });
});
