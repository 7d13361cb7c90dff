import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * A static server with HTTP range support on 127.0.0.1, serving `root` under `base` (a sub-path,
 * as GitHub Pages serves a project). `vite preview` answers a Range request with the whole file
 * (PLATFORM.md), so the page's range reads are tested against this instead.
 */
export async function serveStatic(root: string, base: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (!pathname.startsWith(base)) return void response.writeHead(404).end();
    const relative = normalize(pathname.slice(base.length)).replace(/^(\.\.[/\\])+/, '');
    const file = join(
      root,
      relative === '.' || relative.endsWith('/') || relative === '' ? join(relative, 'index.html') : relative,
    );
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory())
      return void response.writeHead(404).end();
    const size = statSync(file).size;
    const headers = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
    };
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      response.writeHead(206, {
        ...headers,
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': end - start + 1,
      });
      if (request.method === 'HEAD') return void response.end();
      return void createReadStream(file, { start, end }).pipe(response);
    }
    response.writeHead(200, { ...headers, 'content-length': size });
    if (request.method === 'HEAD') return void response.end();
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}${base}`, server };
}
