import { resolve } from 'node:path';
import { createServer } from 'vite';
import { launchChromium } from './browser-context';
const ROOT = '/work/main';
const server = await createServer({ root: ROOT, configFile: resolve(ROOT, 'vite.config.ts'), logLevel: 'error', server: { host: '127.0.0.1', port: 0, hmr: false } });
await server.listen();
const context = await launchChromium();
await context.addInitScript(() => { const tasks: any[] = []; (window as any).longTasks = tasks; new PerformanceObserver((l) => l.getEntries().forEach((e) => tasks.push({ start: e.startTime, duration: Math.round(e.duration) }))).observe({ type: 'longtask', buffered: true }); });
for (const q of ['f32&bf32', 'nopoints&bf32', 'f32&bf32&nopath', 'f32&bf32&nowrap']) {
  const page = await context.newPage();
  await page.goto(`${server.resolvedUrls!.local[0]}test/browser/.diag-page.html?${q}`);
  await page.waitForFunction(() => 'step' in window);
  await page.waitForTimeout(4000);
  const t = await page.evaluate(() => performance.now());
  for (let i = 0; i < 4; i++) { await page.evaluate(() => (window as any).step()); await page.waitForTimeout(300); }
  await page.waitForTimeout(2000);
  console.log(q || 'all', await page.evaluate((t) => (window as any).longTasks.filter((x: any) => x.start >= t).map((x: any) => x.duration), t));
  await page.close();
}
await context.close(); await server.close();
