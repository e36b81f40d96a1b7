import { connect } from 'node:net';
import os from 'node:os';

export interface Machine {
  os: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  postgres: string;
  /** Load averages (1, 5, 15 minutes) when the run started: other work on the machine skews figures. */
  loadAtStart: number[];
}

export function describeMachine(postgres: string): Machine {
  return {
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres,
    loadAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/** Whether a Redis answers PING at `url` within a second. */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => finish(data.toString().startsWith('+PONG')));
  });
}
