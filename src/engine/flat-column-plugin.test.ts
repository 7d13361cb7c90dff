import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import config from '../../vite.config';
import { benchPageConfig } from '../bench/build-bench-page';
import { flatColumnPlugin } from './flat-column-plugin';

const ASSEMBLE = createRequire(import.meta.url).resolve('hyparquet/src/assemble.js');
const DATAPAGE = createRequire(import.meta.url).resolve('hyparquet/src/datapage.js');

function transform(code: string, id: string): { code: string } | undefined {
  const hook = flatColumnPlugin().transform as (code: string, id: string) => { code: string } | undefined;
  return hook(code, id);
}

const names = (plugins: unknown): string[] =>
  (plugins as Plugin[] | undefined)?.flat().map((plugin) => plugin.name) ?? [];

describe('flatColumnPlugin', () => {
  it("is in the page's build, the agent worker's bundle (its own plugin list) and the tests", async () => {
    expect(names(config.plugins)).toContain('perch-flat-column-pages');
    const worker = config.worker?.plugins;
    expect(names(typeof worker === 'function' ? await worker() : worker)).toContain(
      'perch-flat-column-pages',
    );
    expect(config.test?.server?.deps?.inline).toContain('hyparquet');
  });

  it("is in the bench pages' builds too, so the benches measure the decoder the site ships", async () => {
    const bench = benchPageConfig('/root', '/out');
    expect(names(bench.plugins)).toContain('perch-flat-column-pages');
    const worker = bench.worker?.plugins;
    expect(names(typeof worker === 'function' ? await worker() : worker)).toContain(
      'perch-flat-column-pages',
    );
  });

  it("sends flat columns of the installed hyparquet's assemble.js to assembleFlatPage, the rest to its own walk", () => {
    const patched = transform(readFileSync(ASSEMBLE, 'utf8'), ASSEMBLE)!.code;
    expect(patched).toContain('if (isFlatColumn(schemaPath) && !repetitionLevels.length)');
    expect(patched).toContain(
      'return assembleNestedPage(output, definitionLevels, repetitionLevels, values, schemaPath)',
    );
    expect(transform('export const other = 1', '/x/node_modules/hyparquet/src/column.js')).toBeUndefined();
  });

  it("has the installed hyparquet's datapage.js skip a v1 page's definition levels when they hold no NULL", () => {
    const patched = transform(readFileSync(DATAPAGE, 'utf8'), DATAPAGE)!.code;
    expect(patched).toContain(
      'if (skipDefinedLevels(reader, daph.num_values, maxDefinitionLevel)) return { definitionLevels: [], numNulls: 0 }',
    );
  });

  it('fails the build when hyparquet changes a function it patches', () => {
    expect(() => transform('export function assembleLists(a, b) {}', ASSEMBLE)).toThrow(
      /has changed; review/,
    );
    expect(() => transform('function readDefinitionLevels(reader) {}', DATAPAGE)).toThrow(
      /has changed; review/,
    );
  });
});
