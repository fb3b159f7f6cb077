import fs from 'node:fs';
import path from 'node:path';
import { type Summary, summarize } from './stats.ts';

/** A limit a figure must keep: `max` for "at most / under", `min` for "at least". */
export interface Budget {
  kind: 'max' | 'min';
  value: number;
  /** Strict comparison ("under 10 ms") rather than inclusive ("at most 200 KB"). */
  strict?: boolean;
}

export type Verdict = 'within' | 'over' | 'info' | 'missing';

export interface Figure {
  /** Stable key in the JSON file, e.g. `server.sqlite.authMenu.p99`. */
  id: string;
  /** What the row of the table says. */
  label: string;
  unit: string;
  summary: Summary;
  budget?: Budget;
  verdict: Verdict;
  /** Why a figure is missing, or anything a reader must know beside the number. */
  note?: string;
}

export function verdictOf(value: number, budget: Budget | undefined): Verdict {
  if (!Number.isFinite(value)) return 'missing';
  if (!budget) return 'info';
  const ok =
    budget.kind === 'max'
      ? budget.strict
        ? value < budget.value
        : value <= budget.value
      : budget.strict
        ? value > budget.value
        : value >= budget.value;
  return ok ? 'within' : 'over';
}

/** Collects figures as the phases produce them; the median is what is judged against the budget. */
export class Results {
  readonly figures: Figure[] = [];
  readonly notes: string[] = [];
  /** Supporting data for the JSON file only (request lists, bytes by type). */
  readonly details: Record<string, unknown> = {};

  add(
    id: string,
    label: string,
    unit: string,
    runs: readonly number[],
    budget?: Budget,
    note?: string,
  ): void {
    const summary = summarize(runs);
    const figure: Figure = { id, label, unit, summary, verdict: verdictOf(summary.median, budget) };
    if (budget) figure.budget = budget;
    if (note) figure.note = note;
    this.figures.push(figure);
  }

  /** A figure that could not be measured: kept in the table so that nothing is skipped silently. */
  missing(id: string, label: string, unit: string, reason: string, budget?: Budget): void {
    const figure: Figure = { id, label, unit, summary: summarize([]), verdict: 'missing', note: reason };
    if (budget) figure.budget = budget;
    this.figures.push(figure);
  }

  detail(key: string, value: unknown): void {
    this.details[key] = value;
  }

  note(text: string): void {
    this.notes.push(text);
    console.log(`  note: ${text}`);
  }
}

function formatNumber(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '-';
  const digits = Math.abs(value) >= 100 || unit === 'requests' ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

function formatBudget(budget: Budget | undefined, unit: string): string {
  if (!budget) return 'reported';
  const op = budget.kind === 'max' ? (budget.strict ? '<' : '≤') : budget.strict ? '>' : '≥';
  return `${op} ${formatNumber(budget.value, unit)} ${unit}`;
}

const MARK: Record<Verdict, string> = { within: 'within', over: 'OVER', info: '', missing: 'MISSING' };

/** The table: figure | median | min | max | budget | within/over, as plain aligned text. */
export function renderTable(figures: readonly Figure[]): string {
  const header = ['figure', 'median', 'min', 'max', 'unit', 'budget', 'verdict'];
  const rows = figures.map((f) => [
    f.label,
    formatNumber(f.summary.median, f.unit),
    formatNumber(f.summary.min, f.unit),
    formatNumber(f.summary.max, f.unit),
    f.unit,
    formatBudget(f.budget, f.unit),
    MARK[f.verdict],
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const numeric = new Set([1, 2, 3]);
  const line = (cells: string[]) =>
    cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

/** The same table in Markdown, for docs/performance.md. */
export function renderMarkdown(figures: readonly Figure[]): string {
  const lines = [
    '| figure | median | min | max | budget | verdict |',
    '| --- | ---: | ---: | ---: | --- | --- |',
  ];
  for (const f of figures) {
    const u = f.unit;
    lines.push(
      `| ${f.label} | ${formatNumber(f.summary.median, u)} ${u} | ${formatNumber(f.summary.min, u)} | ${formatNumber(f.summary.max, u)} | ${formatBudget(f.budget, u)} | ${MARK[f.verdict] || '-'} |`,
    );
  }
  return lines.join('\n');
}

export interface RunInfo {
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  browserRuns: number;
  environment: Record<string, string | number>;
}

/** Writes `bench/results/<timestamp>.json` and `bench/results/latest.json`; returns the first path. */
export function writeResults(dir: string, info: RunInfo, results: Results): string {
  fs.mkdirSync(dir, { recursive: true });
  const body = `${JSON.stringify({ ...info, figures: results.figures, notes: results.notes, details: results.details }, null, 2)}\n`;
  const file = path.join(dir, `${info.startedAt.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, body);
  fs.writeFileSync(path.join(dir, 'latest.json'), body);
  return file;
}
