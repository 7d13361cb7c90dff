import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PipelineError } from './pipeline-error';
import { findTrendsFiles } from './read/stage-trends-folder';
import type { TrendsFiles } from './read/stage-trends-folder';

export interface InputFolders {
  status: string[];
  trends: TrendsFiles[];
}

function classifyOne(folder: string, into: InputFolders): boolean {
  const trends = findTrendsFiles(folder);
  if (trends) into.trends.push(trends);
  const status = existsSync(join(folder, 'config.json'));
  if (status) into.status.push(folder);
  return status || trends !== undefined;
}

/**
 * Sorts input folders into status (config.json) and trends (`*_ebird-trends_<year>.parquet`)
 * release folders. A folder that is neither is searched one level down (a download holding
 * several release folders); finding nothing is an `unknown_layout` error naming the folder.
 */
export function classifyFolders(folders: string[]): InputFolders {
  const found: InputFolders = { status: [], trends: [] };
  for (const folder of folders) {
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
      throw new PipelineError(
        'input_not_found',
        folder,
        'is not a folder',
        'Pass the folder of an eBird S&T download with --ebirdst <dir>',
      );
    }
    if (classifyOne(folder, found)) continue;
    const children = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const matched = children.filter((entry) => classifyOne(join(folder, entry.name), found));
    if (matched.length === 0) {
      throw new PipelineError(
        'unknown_layout',
        folder,
        'has neither config.json (status release) nor *_ebird-trends_<year>.parquet (trends release)',
        'Pass eBird S&T download folders (release 2022 or later layout)',
      );
    }
  }
  return found;
}
