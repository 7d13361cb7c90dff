import { open as openFile, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { reusingRanges, type DataSource } from './data-source';

/** Node only: files under a local folder, read by byte range like the HTTP source. */
export function fileDataSource(folder: string): DataSource {
  const root = resolve(folder);
  const pathOf = (path: string) => {
    const full = resolve(root, path);
    if (!full.startsWith(`${root}/`) && full !== root)
      throw new Error(`path '${path}' leaves the data folder`);
    return full;
  };
  return {
    location: root,
    readText: (path) => readFile(pathOf(path), 'utf8').catch((error) => rethrowRelative(path, error)),
    async open(path, byteLength, onBytes) {
      const full = pathOf(path);
      return reusingRanges(byteLength, async (start, end) => {
        const handle = await openFile(full, 'r').catch((error) => rethrowRelative(path, error));
        try {
          const buffer = new Uint8Array(end - start);
          const { bytesRead } = await handle.read(buffer, 0, end - start, start);
          onBytes(bytesRead);
          return { start, bytes: buffer.buffer.slice(0, bytesRead) };
        } finally {
          await handle.close();
        }
      });
    },
  };
}

/**
 * Node's fs errors name the absolute path (`ENOENT: …, open '/home/…/cells.parquet'`), and
 * their text reaches a model inside `load_failed`; the file is named relative to the data folder.
 */
function rethrowRelative(path: string, error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
  throw new Error(`cannot read '${path}' in the data folder (${code})`);
}
