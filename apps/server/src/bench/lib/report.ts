import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

export interface BenchResult {
  name: string;
  engine: 'postgres' | 'pglite';
  value: number | null;
  unit: string;
  /** The goal, or null for a figure that is only reported. */
  target: number | null;
  better: 'lower' | 'higher';
  /** What went wrong when the figure could not be measured, or what to know when reading it. */
  note?: string;
}

export interface BenchReport {
  runAt: string;
  machine: string;
  mode: 'full' | 'quick';
  seconds: number;
  results: BenchResult[];
}

export function describeMachine(): string {
  const cpus = os.cpus();
  return `${os.type()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.versions.node}`;
}

/** met, missed, or a dash for a figure without a target. */
export function verdict(result: BenchResult): string {
  if (result.value === null) return 'not measured';
  if (result.target === null) return '–';
  const met = result.better === 'lower' ? result.value <= result.target : result.value >= result.target;
  return met ? 'met' : 'MISSED';
}

function formatValue(value: number | null): string {
  if (value === null) return '–';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return String(Math.round(value * 100) / 100);
}

export function formatTable(results: BenchResult[]): string {
  const header = ['Figure', 'Engine', 'Value', 'Target', 'Result'];
  const rows = results.map((result) => [
    `\`${result.name}\``,
    result.engine === 'postgres' ? 'PostgreSQL' : 'PGlite',
    `${formatValue(result.value)} ${result.unit}`,
    result.target === null
      ? 'report'
      : `${result.better === 'lower' ? '≤' : '≥'} ${formatValue(result.target)} ${result.unit}`,
    verdict(result) + (result.note ? ` (${result.note})` : ''),
  ]);
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

const START = '<!-- latest-results:start -->';
const END = '<!-- latest-results:end -->';

/** Writes results.json and puts the table between the markers of the README. */
export function writeReport(report: BenchReport, files: { json: string; readme: string }) {
  writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
  if (existsSync(files.readme)) {
    const readme = readFileSync(files.readme, 'utf8');
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    if (start >= 0 && end > start) {
      const section = [
        START,
        '',
        `Run ${report.runAt} (${report.mode} run, ${Math.round(report.seconds)} s) on ${report.machine}.`,
        '',
        formatTable(report.results),
        '',
        END,
      ].join('\n');
      writeFileSync(files.readme, `${readme.slice(0, start)}${section}${readme.slice(end + END.length)}`);
    }
  }
  // Keep both files as the repository's formatter writes them.
  spawnSync('npx', ['prettier', '--write', files.json, files.readme], { stdio: 'ignore' });
}
