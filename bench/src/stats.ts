/** Runs `fn` `runs` times after `warmup` runs and returns the timings in ms. */
export async function measure(fn: () => Promise<unknown>, runs: number, warmup = 2): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

export function summarize(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] ?? 0 };
}

export function printTable(rows: Array<{ name: string; times: number[] }>): void {
  const header = ['scenario', 'runs', 'min ms', 'median ms', 'p95 ms'];
  const lines = rows.map(({ name, times }) => {
    const s = summarize(times);
    return [name, String(times.length), s.min.toFixed(1), s.median.toFixed(1), s.p95.toFixed(1)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

export function quantile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export interface ComparedRow {
  name: string;
  product: number[];
  wire: number[];
  /** What the wire column measures. */
  wireCommands: string;
  /** The allowed product/wire ratio of the medians, or null when the row has no target. */
  target: number | null;
}

/** Product beside the IMAP wire floor: medians, p90s and the ratio of the medians against its target. */
export function printComparison(rows: ComparedRow[]): void {
  const header = [
    'scenario',
    'runs',
    'product med',
    'p90',
    'wire med',
    'p90',
    'ratio',
    'target',
    'wire commands',
  ];
  const lines = rows.map((r) => {
    const ratio = quantile(r.product, 0.5) / Math.max(quantile(r.wire, 0.5), 0.001);
    const verdict = r.target === null ? '–' : `≤ ${r.target}× ${ratio <= r.target ? 'ok' : 'MISS'}`;
    return [
      r.name,
      String(r.product.length),
      quantile(r.product, 0.5).toFixed(1),
      quantile(r.product, 0.9).toFixed(1),
      quantile(r.wire, 0.5).toFixed(1),
      quantile(r.wire, 0.9).toFixed(1),
      `${ratio.toFixed(2)}×`,
      verdict,
      r.wireCommands,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const left = new Set([0, 8]);
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (left.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(fmt(header));
  console.log(
    `|${widths.map((w, i) => (left.has(i) ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const l of lines) console.log(fmt(l));
}
