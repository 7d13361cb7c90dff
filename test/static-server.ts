import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';

/**
 * A tiny static file server for tests, on 127.0.0.1 with real `Range` support (206 +
 * Content-Range + Accept-Ranges), because `vite preview` answers ranges with the whole file
 * (PLATFORM.md). `ranges: false` imitates such a host (always 200, no Accept-Ranges);
 * `headRanges: false` imitates GitHub Pages (a HEAD with Range answers 200, a GET 206).
 * It counts requests and body bytes sent, in total and per path, so tests and benchmarks can
 * report bytes fetched.
 */
export interface StaticServer {
  /** Base URL ending in '/'. */
  url: string;
  stats: StaticServerStats;
  resetStats(): void;
  close(): Promise<void>;
}

export interface StaticServerStats {
  requests: number;
  rangeRequests: number;
  bytesSent: number;
  /** Requests and body bytes per URL path (decoded, e.g. `/data/weekly/species_code=x.parquet`). */
  byPath: Record<string, { requests: number; bytesSent: number }>;
}

export interface StaticServerOptions {
  /** @default true */
  ranges?: boolean;
  /**
   * Answer a HEAD that carries `Range` with 206 like a GET. `false` answers it 200 with the whole
   * length, as GitHub Pages/CloudFront do (duckdb-wasm#1189); ranged GETs still get 206. Only
   * meaningful with `ranges: true`. @default true
   */
  headRanges?: boolean;
  /** Extra headers on every response (e.g. COOP/COEP for a browser test). */
  headers?: Record<string, string>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.parquet': 'application/vnd.apache.parquet',
  '.css': 'text/css',
};

export async function startStaticServer(
  root: string,
  options: StaticServerOptions = {},
): Promise<StaticServer> {
  const base = resolve(root);
  const ranges = options.ranges ?? true;
  const headRanges = options.headRanges ?? true;
  const stats: StaticServerStats = { requests: 0, rangeRequests: 0, bytesSent: 0, byPath: {} };
  const server = createServer((request, response) => {
    serve(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    stats.requests++;
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const counted = stats.byPath[urlPath] ?? { requests: 0, bytesSent: 0 };
    stats.byPath[urlPath] = counted;
    counted.requests++;
    const path = resolve(base, `.${urlPath}`);
    const info = path === base || path.startsWith(base + sep) ? await stat(path).catch(() => null) : null;
    const common = {
      'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'range',
      'Access-Control-Expose-Headers': 'content-range, accept-ranges, content-length',
      ...options.headers,
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, common);
      response.end();
      return;
    }
    if (!info?.isFile()) {
      response.writeHead(404, common);
      response.end('not found');
      return;
    }
    const size = info.size;
    const answersRange = ranges && (headRanges || request.method !== 'HEAD');
    const match = answersRange ? /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '') : null;
    let start = 0;
    let end = size - 1;
    let status = 200;
    const headers: Record<string, string | number> = { ...common };
    if (ranges) headers['Accept-Ranges'] = 'bytes';
    if (match) {
      stats.rangeRequests++;
      start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
      end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
      if (start > end || start >= size) {
        response.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}` });
        response.end();
        return;
      }
      status = 206;
      headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    }
    headers['Content-Length'] = end - start + 1;
    response.writeHead(status, headers);
    if (request.method === 'HEAD' || size === 0) {
      response.end();
      return;
    }
    stats.bytesSent += end - start + 1;
    counted.bytesSent += end - start + 1;
    createReadStream(path, { start, end }).pipe(response);
  }

  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stats,
    resetStats() {
      stats.requests = 0;
      stats.rangeRequests = 0;
      stats.bytesSent = 0;
      stats.byPath = {};
    },
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
