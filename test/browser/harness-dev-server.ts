import { resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';

const ROOT = resolve(import.meta.dirname, '../..');

/** The app's Vite dev server under `/perch/` on 127.0.0.1 (a free port), as the UI-harness browser tests load it. */
export async function startHarnessDevServer(): Promise<{ server: ViteDevServer; baseUrl: string }> {
  const server = await createServer({
    root: ROOT,
    base: '/perch/',
    configFile: resolve(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, hmr: false },
    optimizeDeps: { noDiscovery: false },
  });
  await server.listen();
  return { server, baseUrl: server.resolvedUrls!.local[0]! };
}
