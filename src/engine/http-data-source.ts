import { reusingRanges, type DataSource } from './data-source';

/**
 * Files under an HTTP base URL, read with `Range` requests. A host that answers a range request
 * with 200 sends the whole file (vite preview, GitHub Pages for HEAD probes — PLATFORM.md); then
 * the whole body is kept and every later slice is served from it, so the file is fetched once.
 */
export function httpDataSource(baseUrl: string, fetchImpl: typeof fetch = fetch): DataSource {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const urlOf = (path: string) => new URL(path, base).href;
  return {
    location: base,
    async readText(path) {
      const response = await fetchImpl(urlOf(path));
      if (!response.ok) throw new Error(`GET ${urlOf(path)} answered ${response.status}`);
      return response.text();
    },
    async open(path, byteLength, onBytes) {
      const url = urlOf(path);
      return reusingRanges(byteLength, async (start, end) => {
        const response = await fetchImpl(url, { headers: { Range: `bytes=${start}-${end - 1}` } });
        if (response.status !== 206 && response.status !== 200)
          throw new Error(`GET ${url} (bytes ${start}-${end - 1}) answered ${response.status}`);
        const bytes = await response.arrayBuffer();
        onBytes(bytes.byteLength);
        return { start: response.status === 206 ? start : 0, bytes };
      });
    },
  };
}
