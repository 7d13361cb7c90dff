import { readdirSync, readFileSync } from 'node:fs';

/**
 * Memory of one launched Chromium, from /proc (Linux only): the browser process (the one whose
 * command line carries our `--user-data-dir`) and every process below it (zygotes, the renderer,
 * the GPU and utility processes, where DuckDB-WASM's worker memory lives: dedicated workers run
 * in the renderer). PSS (proportional set size, from smaps_rollup) charges each shared page to
 * its sharers in parts, so the sum counts shared libraries and shared memory once; the RSS sum
 * counts them once per process and is the upper bound.
 */
export interface ChromiumMemory {
  processes: number;
  pssMb: number;
  rssMb: number;
}

export function chromiumMemory(profileDir: string): ChromiumMemory | null {
  const parents = new Map<number, number>();
  const roots: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = readProc(pid, 'stat');
    // The command name in parentheses may hold spaces: the parent pid is the 2nd field after it.
    const parent = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : Number.NaN;
    if (Number.isFinite(parent)) parents.set(pid, parent);
    if (readProc(pid, 'cmdline')?.includes(`--user-data-dir=${profileDir}`)) roots.push(pid);
  }
  if (roots.length === 0) return null;
  const members = new Set(roots);
  // Children can be listed before their parents: repeat until no new member is found.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents)
      if (!members.has(pid) && members.has(parent)) {
        members.add(pid);
        grew = true;
      }
  }
  let pssKb = 0;
  let rssKb = 0;
  for (const pid of members) {
    const rollup = readProc(pid, 'smaps_rollup') ?? '';
    pssKb += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    rssKb += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  }
  return { processes: members.size, pssMb: pssKb / 1024, rssMb: rssKb / 1024 };
}

/** A /proc file's text, or null when the process has gone (they come and go while we read). */
function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
}
