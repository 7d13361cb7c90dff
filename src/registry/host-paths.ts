/**
 * An absolute file path on the host: `/home/…/x.parquet`, `C:\Users\…`, `file:///…`. Two
 * segments at least, and not preceded by a word character, `:` or `/`, so URLs
 * (`https://host/a/b`), ratios (`km/h`) and division in SQL (`a/b`) are left alone.
 */
const HOST_PATH =
  /(?<![\w.:/\\~-])(?:file:\/\/)?(?:\/(?:[\w.@+~-]+\/)+[\w.@+~-]*|[A-Za-z]:\\(?:[^\\\s'"<>|]+\\)+[^\\\s'"<>|]*)/g;

/**
 * Text a model reads must not say where Perch keeps its files on this machine (the data
 * folder, node_modules): each absolute path becomes its last segment, which still names the
 * file or table. Lower layers name files relative to the data folder; this catches the rest.
 */
export function withoutHostPaths(text: string): string {
  return text.replace(HOST_PATH, (path) => lastSegment(path));
}

function lastSegment(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.at(-1) ?? '';
}
