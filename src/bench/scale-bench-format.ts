import { median } from './engine-bench-queries';
import { mb, type ScaleHostRun } from './scale-browser';
import type { ScaleBenchReport } from './scale-bench';

/**
 * The scale bench as text: the site, catalog and species lookup, one table of the 20 questions
 * and one of the rounds per host, then the issue's goals, each PASS or MISS with its figure.
 */
export const SCALE_GOALS = {
  /** Chromium load+query / native, median over the species-week questions, range host. */
  speciesWeekRatio: 2.5,
  /** Bytes the range host serves for any one species-week question. */
  speciesWeekBytes: 1_048_576,
  /** Browser PSS after the 20 questions. */
  memoryMb: 1024,
  /** Growth of browser PSS from round 1 to the last round that still counts as flat. */
  flatGrowth: 0.1,
} as const;

export function formatScaleBench(report: ScaleBenchReport): string {
  const { site } = report;
  const lines = [
    `site: ${site.dir}${site.reused ? ' (reused)' : ''}`,
    `  ${site.species.length} species (${site.params.minCells.toLocaleString('en')}–${site.params.maxCells.toLocaleString('en')} cells, seed ${site.params.seed}), ${site.cells.toLocaleString('en')} cells, ${site.weeklyRows.toLocaleString('en')} weekly rows, ${gb(site.bytes)}`,
    `  build: ${(site.build.ms / 1000).toFixed(1)} s, peak RSS ${site.build.peakRssMb.toFixed(0)} MB (built ${site.build.builtAt})`,
    `  weekly file per species: min ${mb(report.weeklyFiles.min)}, median ${mb(report.weeklyFiles.median)}, max ${mb(report.weeklyFiles.max)}`,
    `catalog.json: ${report.catalog.bytes.toLocaleString('en')} bytes, gzip ${report.catalog.gzipBytes.toLocaleString('en')} bytes`,
    `chromium: ${typeof report.chromium === 'string' ? report.chromium : `skipped (${report.chromium.skipped})`}`,
    'memory: sum of PSS (RSS in brackets) from /proc/<pid>/smaps_rollup of the launched Chromium and every process below it (browser, zygotes, renderer with the DuckDB worker, GPU, utility), read after a full garbage collection of the page heap',
  ];
  const many = report.catalogSite;
  if (many)
    lines.push(
      `catalog at ${many.species} species (a site of small ranges built for this, ${many.dir}): catalog.json ${many.bytes.toLocaleString('en')} bytes, gzip ${many.gzipBytes.toLocaleString('en')} bytes; in Chromium fetch ${many.catalog.fetchMs.toFixed(1)} ms, JSON.parse min/median ${many.catalog.parseMs.min.toFixed(1)}/${many.catalog.parseMs.median.toFixed(1)} ms`,
      `  species lookup '${many.lookup.text}' (find_species): first ${many.lookup.coldMs.toFixed(1)} ms (fetched ${many.lookup.bytesFetched.toLocaleString('en')} bytes), then min/median ${many.lookup.warmMs.min.toFixed(1)}/${many.lookup.warmMs.median.toFixed(1)} ms; top hit ${many.lookup.top}`,
    );
  for (const host of report.hosts) lines.push('', ...formatHost(report, host));
  if (report.hosts.length === 0) lines.push('', ...formatNativeOnly(report));
  lines.push('', ...goalLines(report));
  return lines.join('\n');
}

function formatHost(report: ScaleBenchReport, host: ScaleHostRun): string[] {
  const lines = [
    `== ${host.host} host`,
    `engine start + first query: ${host.chromiumStartMs.toFixed(0)} ms; memory at start ${memory(host.memoryAtStart)} over ${host.memoryAtStart?.processes ?? '?'} Chromium processes`,
    `catalog.json in Chromium: fetch ${host.catalog.fetchMs.toFixed(1)} ms, JSON.parse min/median ${host.catalog.parseMs.min.toFixed(1)}/${host.catalog.parseMs.median.toFixed(1)} ms (${host.catalog.bytes.toLocaleString('en')} bytes)`,
    `species lookup '${host.lookup.text}' (find_species: species query + ranking): first ${host.lookup.coldMs.toFixed(1)} ms (fetched ${host.lookup.bytesFetched.toLocaleString('en')} bytes), then min/median ${host.lookup.warmMs.min.toFixed(1)}/${host.lookup.warmMs.median.toFixed(1)} ms; top hit ${host.lookup.top}`,
    '',
    'question | species (cells) | rows | native min/median ms | chromium load+query ms | chromium/native | engine bytes | server bytes (requests) | browser memory after | loaded | outcome',
  ];
  for (const [index, run] of host.questions.entries()) {
    const question = report.questions[index];
    const ratio = run.outcome === 'ok' ? (run.ms / question.native.ms.median).toFixed(2) : '-';
    lines.push(
      `${question.name} | ${question.species} (${question.speciesCells.toLocaleString('en')}) | ${run.rows.toLocaleString('en')} | ${question.native.ms.min.toFixed(1)}/${question.native.ms.median.toFixed(1)} | ${run.outcome === 'ok' ? run.ms.toFixed(0) : '-'} | ${ratio} | ${run.bytesFetched?.toLocaleString('en') ?? '-'} | ${run.serverBytes.toLocaleString('en')} (${run.serverRequests}) | ${memory(run.memory)} | ${run.loads || '-'} | ${run.outcome}`,
    );
  }
  lines.push('');
  if (host.roundsSkipped) lines.push(`rounds: skipped (${host.roundsSkipped})`);
  else {
    lines.push('round (20 questions, warm) | ms | failed | browser memory after');
    for (const round of host.rounds)
      lines.push(`${round.round} | ${round.ms.toFixed(0)} | ${round.failed} | ${memory(round.memory)}`);
  }
  return lines;
}

function formatNativeOnly(report: ScaleBenchReport): string[] {
  return [
    'question | species (cells) | rows | native min/median ms',
    ...report.questions.map(
      (question) =>
        `${question.name} | ${question.species} (${question.speciesCells.toLocaleString('en')}) | ${question.native.rows} | ${question.native.ms.min.toFixed(1)}/${question.native.ms.median.toFixed(1)}`,
    ),
  ];
}

/** The issue's goals, on the range host (the no-range and pages-like figures beside them). */
export function goalLines(report: ScaleBenchReport): string[] {
  const range = report.hosts.find((host) => host.host === 'range');
  if (!range) return ['goals: not measured (no range host run)'];
  const speciesWeek = report.questions.flatMap((question, index) =>
    question.kind === 'species-week' ? [{ question, run: range.questions[index] }] : [],
  );
  const answered = speciesWeek.filter(({ run }) => run.outcome === 'ok');
  const lines = ['goals (range host unless said):'];
  if (answered.length === speciesWeek.length) {
    const ratios = answered.map(({ question, run }) => run.ms / question.native.ms.median);
    const ratio = median(ratios);
    lines.push(
      `  ${verdict(ratio <= SCALE_GOALS.speciesWeekRatio)} species-week load+query ≤ ${SCALE_GOALS.speciesWeekRatio}× native: median ${ratio.toFixed(2)}× over ${ratios.length} questions (min ${Math.min(...ratios).toFixed(2)}×, max ${Math.max(...ratios).toFixed(2)}×)`,
    );
  } else
    lines.push(
      `  MISS species-week load+query ≤ ${SCALE_GOALS.speciesWeekRatio}× native: ${speciesWeek.length - answered.length} of ${speciesWeek.length} species-week questions did not answer`,
    );
  const served = speciesWeek.map(({ run }) => run.serverBytes);
  const worst = Math.max(...served);
  lines.push(
    `  ${verdict(answered.length === speciesWeek.length && worst <= SCALE_GOALS.speciesWeekBytes)} ≤ ${mb(SCALE_GOALS.speciesWeekBytes)} fetched per species-week question: max ${mb(worst)}, median ${mb(median(served))} served${otherHosts(report, (host) => speciesWeekServed(report, host))}`,
  );
  const after = range.questions.at(-1)?.memory?.pssMb ?? Number.NaN;
  const allAnswered = range.questions.every((run) => run.outcome === 'ok');
  lines.push(
    `  ${verdict(allAnswered && after <= SCALE_GOALS.memoryMb)} browser memory after 20 questions across 20 species ≤ ${SCALE_GOALS.memoryMb} MB: ${after.toFixed(0)} MB PSS${allAnswered ? '' : ' (not every question answered)'}${otherHosts(report, (host) => `${host.questions.at(-1)?.memory?.pssMb.toFixed(0) ?? '?'} MB`)}`,
  );
  if (range.rounds.length === 0)
    lines.push(
      `  MISS memory flat over 200 questions: rounds skipped (${range.roundsSkipped ?? 'none ran'})`,
    );
  else {
    const first = range.rounds[0].memory?.pssMb ?? Number.NaN;
    const last = range.rounds.at(-1)!.memory?.pssMb ?? Number.NaN;
    const growth = (last - first) / first;
    // Flatness alone: the 1 GB ceiling is the line above.
    lines.push(
      `  ${verdict(growth <= SCALE_GOALS.flatGrowth)} memory flat over ${range.rounds.length} rounds of the mix (${20 * range.rounds.length} questions; ≤ ${SCALE_GOALS.flatGrowth * 100}% growth from round 1 to ${range.rounds.length}): ${first.toFixed(0)} → ${last.toFixed(0)} MB PSS (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%), peak ${Math.max(...range.rounds.map((round) => round.memory?.pssMb ?? 0)).toFixed(0)} MB`,
    );
  }
  return lines;
}

function speciesWeekServed(report: ScaleBenchReport, host: ScaleHostRun): string {
  const served = report.questions.flatMap((question, index) =>
    question.kind === 'species-week' ? [host.questions[index].serverBytes] : [],
  );
  return `max ${mb(Math.max(...served))}, median ${mb(median(served))}`;
}

function otherHosts(report: ScaleBenchReport, figure: (host: ScaleHostRun) => string): string {
  const others = report.hosts.filter((host) => host.host !== 'range');
  return others.map((host) => `; ${host.host}: ${figure(host)}`).join('');
}

function memory(value: { pssMb: number; rssMb: number; processes: number } | null): string {
  return value ? `${value.pssMb.toFixed(0)} MB [${value.rssMb.toFixed(0)}]` : '?';
}

function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}

function gb(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}
