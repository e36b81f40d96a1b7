import { Writable } from 'node:stream';

/** One JSON line the app's logger wrote. */
export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A log destination (`logStream` of buildApp) that keeps every line the app writes, as text and parsed. */
export function captureLogs(): { stream: Writable; lines: LogLine[]; text(): string } {
  const lines: LogLine[] = [];
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const text = String(chunk);
      written += text;
      for (const line of text.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { stream, lines, text: () => written };
}
