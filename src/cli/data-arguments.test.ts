import { describe, expect, it } from 'vitest';
import { parseDataArguments } from './data-arguments';

describe('parseDataArguments', () => {
  it('--resolution takes 27, 9 or 3 (km) and defaults to unset (the build reads 27 km)', () => {
    expect(parseDataArguments([], {})).toEqual({ outDir: 'public/data' });
    expect(parseDataArguments(['--resolution', '9'], {}).resolutionKm).toBe(9);
    expect(parseDataArguments(['--resolution', '3km'], {}).resolutionKm).toBe(3);
  });

  it('--resolution with another value is invalid_arguments listing the choices', () => {
    expect(() => parseDataArguments(['--resolution', '10'], {})).toThrow(
      'invalid_arguments: --resolution 10. Use one of 27, 9, 3 (km)',
    );
    expect(() => parseDataArguments(['--resolution'], {})).toThrow(/--resolution \(missing\)/);
  });

  it('--ebirdst takes several paths; PERCH_EBIRDST only when none is given; PERCH_EXAMPLE_BASE_URL sets the download base', () => {
    expect(parseDataArguments(['--ebirdst', 'a', 'b', '--force'], { PERCH_EBIRDST: 'c' })).toEqual({
      outDir: 'public/data',
      ebirdst: ['a', 'b'],
      force: true,
    });
    expect(
      parseDataArguments([], {
        PERCH_EBIRDST: 'c:d',
        PERCH_EXAMPLE_BASE_URL: 'http://127.0.0.1:1/example-data',
      }),
    ).toEqual({
      outDir: 'public/data',
      ebirdst: ['c', 'd'],
      download: { baseUrl: 'http://127.0.0.1:1/example-data' },
    });
  });
});
