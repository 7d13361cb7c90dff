import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What the page evaluates before it starts the agent worker, and before the chat, in the built
 * app. A module's static imports all evaluate before its body: while main.ts imported the app
 * statically, the entry was 1.37 MB (deck.gl, Observable Plot, the UI), downloaded until ~450 ms
 * and evaluated until ~840 ms, and only then did the worker (and DuckDB's start inside it) begin
 * (cold-start trace in Chromium, 2026-12-05). Split, the entry is 11 KB and the worker is created
 * 0.20–0.36 s after navigation instead of 0.66–1.19 s (cold starts here, the same day).
 */
const ROOT = resolve(import.meta.dirname, '../..');
/** The entry with what it imports statically: 11 KB on 2026-12-05; Plot alone is 268 KB. */
const ENTRY_LIMIT_BYTES = 32 * 1024;
/** deck.gl with luma.gl under it, Observable Plot with d3 under it. */
const UI_LIBRARIES = /\/node_modules\/(@deck\.gl|@luma\.gl|@observablehq\/plot|d3(-[a-z]+)*)\//;

let chunks: Map<string, Rolldown.OutputChunk>;

beforeAll(async () => {
  // In memory: 2 s here, and no folder shared with the browser tests' builds.
  const built = await build({
    root: ROOT,
    configFile: resolve(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    publicDir: false,
    build: { write: false },
  });
  const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
  chunks = new Map(
    outputs
      .flatMap((output) => output.output)
      .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
});

/** The chunk built from `module` (a path under the repository). */
function chunkOf(module: string): Rolldown.OutputChunk {
  const path = resolve(ROOT, module);
  const chunk = [...chunks.values()].find((item) => item.facadeModuleId === path);
  if (!chunk) throw new Error(`no chunk built from ${module}: ${[...chunks.keys()].join(', ')}`);
  return chunk;
}

/** `chunk` and every chunk it imports statically: all of it evaluates before `chunk`'s body runs. */
function staticClosure(chunk: Rolldown.OutputChunk): Rolldown.OutputChunk[] {
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (item: Rolldown.OutputChunk) => {
    if (seen.has(item.fileName)) return;
    seen.set(item.fileName, item);
    for (const name of item.imports) visit(chunks.get(name)!);
  };
  visit(chunk);
  return [...seen.values()];
}

const modulesOf = (closure: Rolldown.OutputChunk[]) => closure.flatMap((chunk) => chunk.moduleIds);

describe('built page entry (index.html → main.ts)', () => {
  it('statically loads no UI library and not the app, in under 32 KB', () => {
    const closure = staticClosure(chunkOf('index.html'));
    expect(
      modulesOf(closure).filter((id) => UI_LIBRARIES.test(id) || id.endsWith('/src/ui/create-app.ts')),
    ).toEqual([]);
    expect(closure.reduce((bytes, chunk) => bytes + chunk.code.length, 0)).toBeLessThan(ENTRY_LIMIT_BYTES);
  });

  it('the app chunk (the chat) statically loads neither deck.gl nor Plot (deferred-views.ts)', () => {
    const heavy = modulesOf(staticClosure(chunkOf('src/ui/create-app.ts'))).filter((id) =>
      UI_LIBRARIES.test(id),
    );
    expect(heavy).toEqual([]);
  });

  it('the map and chart chunks hold deck.gl and Plot (the check above looks in the right place)', () => {
    expect(
      modulesOf(staticClosure(chunkOf('src/ui/map-view.ts'))).some((id) => id.includes('/@deck.gl/')),
    ).toBe(true);
    expect(
      modulesOf(staticClosure(chunkOf('src/ui/chart-view.ts'))).some((id) =>
        id.includes('/@observablehq/plot/'),
      ),
    ).toBe(true);
  });
});
