/** The load benchmark's tables (`load-bench.ts`): request times per cycle, memory and IMAP connections per point. */
import { quantile } from './stats.js';

export const mib = (kb: number) => (kb / 1024).toFixed(1);

/** What the load ran with, for the table's caption. */
export interface LoadSetup {
  mode: string;
  concurrency: number;
  userCount: number;
  loadSeconds: number;
}

export interface Snapshot {
  point: string;
  serverRssKb: number;
  serverAnonKb: number;
  connections: number[];
  imapRssKb: number;
  imapPssKb: number;
  /** The largest single imap process. */
  imapMaxRssKb: number;
}

export interface LoadResult {
  cycle: number;
  times: number[];
  errors: number;
  seconds: number;
  serverCpuMs: number;
  clientCpuMs: number;
  peakRssKb: number;
}

export function printLoad(results: LoadResult[], setup: LoadSetup): void {
  const { mode, concurrency, userCount, loadSeconds } = setup;
  console.log(
    `\nWarm Inbox lists (${mode}, first 50, newest first), ${concurrency} clients in a closed loop on ${userCount} ` +
      `sessions, ${loadSeconds} s per cycle; server CPU = utime + stime of the server process / requests:\n`,
  );
  console.log(
    '| cycle | requests | req/s | median ms | p95 ms | p99 ms | errors | server CPU ms/req | bench CPU ms/req |',
  );
  console.log('| --: | --: | --: | --: | --: | --: | --: | --: | --: |');
  for (const r of results) {
    const n = Math.max(1, r.times.length + r.errors);
    console.log(
      `| ${r.cycle} | ${r.times.length + r.errors} | ${(n / r.seconds).toFixed(0)} | ${quantile(r.times, 0.5).toFixed(1)} | ` +
        `${quantile(r.times, 0.95).toFixed(1)} | ${quantile(r.times, 0.99).toFixed(1)} | ${r.errors} | ` +
        `${(r.serverCpuMs / n).toFixed(2)} | ${(r.clientCpuMs / n).toFixed(2)} |`,
    );
  }
}

export function printMemory(snaps: Snapshot[], userCount: number): void {
  console.log(
    `\nMemory and IMAP connections (server = the webmail's Node process; imap = Dovecot's imap processes of the ` +
      `${userCount} bench users, from \`doveadm who\`; PSS counts shared pages once):\n`,
  );
  console.log(
    '| point | server RSS MiB | of it anon MiB | IMAP connections | per user min–max | imap RSS MiB | imap PSS MiB | largest imap MiB |',
  );
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: |');
  for (const s of snaps) {
    const total = s.connections.reduce((a, b) => a + b, 0);
    console.log(
      `| ${s.point} | ${mib(s.serverRssKb)} | ${mib(s.serverAnonKb)} | ${total} | ` +
        `${Math.min(...s.connections)}–${Math.max(...s.connections)} | ${mib(s.imapRssKb)} | ${mib(s.imapPssKb)} | ${mib(s.imapMaxRssKb)} |`,
    );
  }
}
