#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript (src/cli/perch.ts), run through tsx so no build step is needed.
import { tsImport } from 'tsx/esm/api';

await tsImport('../src/cli/perch.ts', import.meta.url);
