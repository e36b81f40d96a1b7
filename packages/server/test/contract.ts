import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';
import { expect } from 'vitest';
import { loadContract } from '../src/http/contract';
import type { OperationId } from '../src/http/route';

/** The contract every response is checked against: openapi.yaml, read once per test file. */
export const contract = loadContract();
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
const compiled = new Map<string, ValidateFunction>();

function validator(key: string, schema: object): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** The answer's text, decompressed as its Content-Encoding says (as the client that asked for it would). */
export function decodedBody(response: Response): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.body;
}

function check(response: Response, key: string, schema: object | null): unknown {
  if (schema === null) {
    expect(response.body, `${key} has no body in openapi.yaml`).toBe('');
    return undefined;
  }
  expect(response.headers['content-type'], `${key} answers JSON`).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(decodedBody(response));
  const validate = validator(key, schema);
  if (!validate(body)) {
    throw new Error(
      `${key}: the answer does not match openapi.yaml: ${ajv.errorsText(validate.errors)}\n` +
        `body: ${JSON.stringify(body)}`,
    );
  }
  return body;
}

/**
 * Checks a response against openapi.yaml for its operation and status, and returns its JSON.
 * Fails loudly when the contract does not document that status for the operation.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely once the contract has checked them
export function expectContract<T = any>(response: Response, operationId: OperationId): T {
  const operation = contract.operation(operationId);
  const status = String(response.statusCode);
  const documented =
    status in operation.responses ? status : 'default' in operation.responses ? 'default' : null;
  const files = documented === null ? undefined : operation.files[documented];
  if (files) {
    // A file (a receipt): one of the media types the contract lists, and its bytes as they are.
    const type = String(response.headers['content-type'] ?? '').split(';')[0];
    expect(files, `${operationId} ${status} answers one of its media types`).toContain(type);
    return response.rawPayload as T;
  }
  if (!documented) {
    throw new Error(
      `openapi.yaml: ${operationId} does not document a ${status} response ` +
        `(it documents ${Object.keys(operation.responses).join(', ')}); body: ${response.body}`,
    );
  }
  return check(response, `${operationId} ${status}`, operation.responses[documented] ?? null) as T;
}

/** For answers that belong to no operation (unknown routes, 413, 503 outside the contract): an Error body. */
export function expectErrorBody(response: Response, status: number): { message: string; errors?: unknown[] } {
  expect(response.statusCode, response.body).toBe(status);
  return check(response, `Error (${status})`, contract.schema('Error')) as { message: string };
}

/** The operation a request goes to, matched as Fastify routes it: a static segment before a parameter. */
export function operationOf(method: string, url: string): OperationId | null {
  // Dot segments are resolved before routing (`/api/financial/group/../balance` is getMyBalance).
  const path = new URL(url, 'http://localhost').pathname;
  const segments = path.split('/');
  let best: { id: string; params: number } | null = null;
  for (const operation of contract.operations.values()) {
    if (operation.method !== method.toUpperCase()) continue;
    const pattern = operation.url.split('/');
    if (pattern.length !== segments.length) continue;
    let params = 0;
    const matches = pattern.every((part, i) => {
      if (part.startsWith(':')) {
        params++;
        return (segments[i] ?? '') !== '';
      }
      return part === segments[i];
    });
    if (matches && (best === null || params < best.params)) best = { id: operation.id, params };
  }
  return (best?.id as OperationId | undefined) ?? null;
}

const unchecked = new WeakMap<FastifyInstance, FastifyInstance['inject']>();

/**
 * `app.inject` without the contract check, for the one kind of test that must see an answer the server
 * never makes itself: a stored idempotent answer planted in the database to prove it is replayed as is.
 */
export function injectUnchecked(app: FastifyInstance): FastifyInstance['inject'] {
  return unchecked.get(app) ?? app.inject.bind(app);
}

type InjectOptions = { method?: string; url?: string | { pathname?: string }; path?: string };

/**
 * Checks every answer `app.inject` gives for an operation of openapi.yaml against the contract, whatever
 * the test itself asserts: the status must be documented (or fall under the operation's `default`, an
 * Error body) and the body must match its schema. So no test, however it reads the answer, can let the
 * server drift from the contract.
 */
export function checkEveryAnswer(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options?: unknown) => unknown;
  unchecked.set(app, inject as FastifyInstance['inject']);
  (app as { inject: unknown }).inject = (options?: unknown, callback?: unknown) => {
    // The chained form (`app.inject().get(...)`) and callbacks are not used by the suites: left as they are.
    if (options === undefined || callback !== undefined) {
      return (inject as (o?: unknown, c?: unknown) => unknown)(options, callback);
    }
    const opts: InjectOptions = typeof options === 'string' ? { url: options } : (options as InjectOptions);
    const rawUrl = opts.url ?? opts.path ?? '/';
    const url = typeof rawUrl === 'string' ? rawUrl : (rawUrl.pathname ?? '/');
    const operationId = operationOf(opts.method ?? 'GET', url);
    const pending = inject(options) as Promise<Response>;
    if (operationId === null) return pending;
    return pending.then((response) => {
      expectContract(response, operationId);
      return response;
    });
  };
}
