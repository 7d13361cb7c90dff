/**
 * Static-hosting check: does the host answer byte ranges? Without them every parquet file is
 * downloaded whole. A GET with `Range: bytes=0-0` is used, not HEAD: GitHub Pages/CloudFront
 * answer a HEAD-with-Range with 200 even where GET ranges work (duckdb-wasm#1189, PLATFORM.md).
 */
export interface RangeSupport {
  supportsRanges: boolean;
  status: number;
  acceptRanges: string | null;
  /** Full file size when the host says it (Content-Range total, else Content-Length of a 200). */
  contentLength: number | null;
  message: string;
}

export async function probeRangeSupport(url: string, fetchImpl: typeof fetch = fetch): Promise<RangeSupport> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Range: 'bytes=0-0' } });
  } catch (error) {
    return {
      supportsRanges: false,
      status: 0,
      acceptRanges: null,
      contentLength: null,
      message: `range_probe_failed: could not fetch ${url} (${error instanceof Error ? error.message : String(error)}). Check the data URL and that the host is up.`,
    };
  }
  const acceptRanges = response.headers.get('accept-ranges');
  const contentRange = response.headers.get('content-range');
  const total = contentRange ? Number(/\/(\d+)$/.exec(contentRange)?.[1] ?? NaN) : NaN;
  const length = response.headers.get('content-length');
  const contentLength = Number.isFinite(total)
    ? total
    : response.status === 200 && length !== null
      ? Number(length)
      : null;
  // Stop the (possibly whole-file) body: the headers are all we need.
  await response.body?.cancel().catch(() => {});
  const supportsRanges = response.status === 206;
  const message = supportsRanges
    ? `ranges supported: ${url} answered 206 (Accept-Ranges: ${acceptRanges ?? 'absent'}, ${contentLength ?? '?'} bytes)`
    : `no_range_support: ${url} answered ${response.status} to a byte-range request, so each data file will be downloaded whole. Serve the data from a host that answers Range requests with 206 to fetch only the parts a query needs.`;
  return { supportsRanges, status: response.status, acceptRanges, contentLength, message };
}
