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

  it('--jobs N and --parts <dir> set the split build; --jobs must be a whole number from 1', () => {
    expect(parseDataArguments(['--jobs', '3', '--parts', 'p'], {})).toEqual({
      outDir: 'public/data',
      jobs: 3,
      partsDir: 'p',
    });
    expect(() => parseDataArguments(['--jobs', '0'], {})).toThrow(
      'invalid_arguments: --jobs 0. Use a whole number of worker processes, 1 or more (1 builds in one process)',
    );
  });

  it('--shard i/n takes 1 <= i <= n and needs --ebirdst folders (PERCH_EBIRDST counts)', () => {
    expect(parseDataArguments(['--shard', '2/4'], { PERCH_EBIRDST: 'a' })).toEqual({
      outDir: 'public/data',
      ebirdst: ['a'],
      shard: { index: 2, count: 4 },
    });
    expect(() => parseDataArguments(['--shard', '5/4', '--ebirdst', 'a'], {})).toThrow(
      'invalid_arguments: --shard 5/4. Use --shard i/n with 1 <= i <= n, e.g. --shard 2/4',
    );
    expect(() => parseDataArguments(['--shard', '1/2'], {})).toThrow(
      /^invalid_arguments: --shard 1\/2 without --ebirdst folders\. A shard builds parts/,
    );
  });

  it('--merge-parts takes folders and no input option; PERCH_EBIRDST is not read', () => {
    expect(parseDataArguments(['--merge-parts', 'a', 'b', '--out', 'o'], { PERCH_EBIRDST: 'c' })).toEqual({
      outDir: 'o',
      mergeParts: ['a', 'b'],
    });
    expect(() => parseDataArguments(['--merge-parts', 'a', '--ebirdst', 'b'], {})).toThrow(
      'invalid_arguments: --merge-parts a with --ebirdst. --merge-parts takes the --parts folders of the --shard runs and reads no inputs itself',
    );
    expect(() => parseDataArguments(['--merge-parts'], {})).toThrow(
      /^invalid_arguments: --merge-parts \(no folder\)\./,
    );
  });
});
