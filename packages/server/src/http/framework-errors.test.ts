import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientErrorHandler, TIMEOUT_MESSAGE } from './framework-errors';

// A request that never finishes arriving is refused by Node after its requestTimeout (minutes, checked
// every 30 s): too slow to wait for over real HTTP, so the handler is given Node's error directly.
describe('an answer written before there is a request', () => {
  it('a request that took too long is a 408 REQUEST_TIMEOUT in the JSON error shape, then the socket closes', () => {
    let written = '';
    let destroyed = false;
    const socket = {
      destroyed: false,
      writable: true,
      write: (text: string) => {
        written += text;
        return true;
      },
      destroy: () => {
        destroyed = true;
      },
    } as unknown as Socket;
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    clientErrorHandler("default-src 'self'")(timeout, socket);
    const [head = '', body = ''] = written.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(head).toMatch(/\r\nconnection: close(\r\n|$)/);
    expect(JSON.parse(body)).toEqual({ code: 'REQUEST_TIMEOUT', message: TIMEOUT_MESSAGE });
    expect(destroyed).toBe(true);
  });
});
