import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** What the patch replaces in hyparquet 1.33's src/assemble.js: every data page goes through assembleLists. */
const SCHEMA_IMPORT = "import { getMaxDefinitionLevel, isListLike, isMapLike } from './schema.js'";
const ASSEMBLE_LISTS =
  'export function assembleLists(output, definitionLevels, repetitionLevels, values, schemaPath) {';

/** What the patch extends in hyparquet 1.33's src/datapage.js: a v1 page's definition levels. */
const DATAPAGE_SCHEMA_IMPORT = "import { getMaxDefinitionLevel, getMaxRepetitionLevel } from './schema.js'";
const READ_DEFINITION_LEVELS = `function readDefinitionLevels(reader, daph, schemaPath) {
  const maxDefinitionLevel = getMaxDefinitionLevel(schemaPath)
  if (!maxDefinitionLevel) return { definitionLevels: [], numNulls: 0 }
`;

const FLAT_PAGES = fileURLToPath(new URL('./flat-column-pages.ts', import.meta.url));

/**
 * Sends hyparquet's pages of flat columns through `assembleFlatPage` (flat-column-pages.ts) and
 * anything nested through its own walk, in the built site and in the tests (vite.config.ts
 * inlines hyparquet there, so the columnar-vs-native comparison reads through it). A hyparquet
 * whose assemble.js no longer reads as expected fails the build: review the patch, then update
 * the two texts above.
 */
export function flatColumnPlugin(): Plugin {
  return {
    name: 'perch-flat-column-pages',
    enforce: 'pre',
    transform(code, id) {
      if (/[\\/]hyparquet[\\/]src[\\/]datapage\.js$/.test(id)) return patchDataPage(code, id);
      if (!/[\\/]hyparquet[\\/]src[\\/]assemble\.js$/.test(id)) return undefined;
      if (!code.includes(SCHEMA_IMPORT) || !code.includes(ASSEMBLE_LISTS)) throw changed(id);
      const patched = code
        .replace(
          SCHEMA_IMPORT,
          `import { getMaxDefinitionLevel, isFlatColumn, isListLike, isMapLike } from './schema.js'
import { assembleFlatPage } from ${JSON.stringify(FLAT_PAGES)}`,
        )
        .replace(
          ASSEMBLE_LISTS,
          `export function assembleLists(output, definitionLevels, repetitionLevels, values, schemaPath) {
  if (isFlatColumn(schemaPath) && !repetitionLevels.length)
    return assembleFlatPage(output, definitionLevels, values, getMaxDefinitionLevel(schemaPath))
  return assembleNestedPage(output, definitionLevels, repetitionLevels, values, schemaPath)
}
function assembleNestedPage(output, definitionLevels, repetitionLevels, values, schemaPath) {`,
        );
      return { code: patched, map: null };
    },
  };
}

/** A page without NULL skips its definition levels (skipDefinedLevels) instead of expanding them. */
function patchDataPage(code: string, id: string): { code: string; map: null } {
  if (!code.includes(DATAPAGE_SCHEMA_IMPORT) || !code.includes(READ_DEFINITION_LEVELS)) throw changed(id);
  const patched = code
    .replace(
      DATAPAGE_SCHEMA_IMPORT,
      `${DATAPAGE_SCHEMA_IMPORT}
import { skipDefinedLevels } from ${JSON.stringify(FLAT_PAGES)}`,
    )
    .replace(
      READ_DEFINITION_LEVELS,
      `${READ_DEFINITION_LEVELS}  if (skipDefinedLevels(reader, daph.num_values, maxDefinitionLevel)) return { definitionLevels: [], numNulls: 0 }
`,
    );
  return { code: patched, map: null };
}

function changed(id: string): Error {
  return new Error(
    `perch-flat-column-pages: hyparquet's ${id} has changed; review src/engine/flat-column-plugin.ts`,
  );
}
