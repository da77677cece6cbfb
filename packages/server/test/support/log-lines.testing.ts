import { Writable } from 'node:stream';

/** A log stream for `startServer(…, { logStream })` that keeps every line the server writes, for tests to grep. */
export function logLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}
