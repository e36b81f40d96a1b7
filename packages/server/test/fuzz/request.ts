import type { InjectOptions } from 'fastify';
import type { Operation } from '../../src/http/contract';
import type { Case, Mutation } from './cases';
import type { ValidRequest } from './operations';
import { HOSTILE_DATES, HOSTILE_NUMBER_LITERALS, HOSTILE_TEXTS, UUID_LIKE } from './hostile';
import { Raw, raw, toJsonText } from './raw-json';
import type { World } from './world';

export interface BuiltRequest {
  inject: InjectOptions & { url: string; method: string };
  /** True when no path parameter was replaced: a 2xx answer then belongs to this operation. */
  sameRoute: boolean;
}

type Json = unknown;
type Path = (string | number)[];

/** The request of one case: the valid request with the case's persona and mutations applied in order. */
export function buildRequest(operation: Operation, valid: ValidRequest, c: Case, world: World): BuiltRequest {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(valid.params ?? {})) params[name] = encodeSegment(value);
  const query: [string, string][] = Object.entries(valid.query ?? {}).map(([k, v]) => [
    k,
    encodeText(String(v)),
  ]);
  let rawQuery: string | null = null;
  const headers: Record<string, string> = { ...(valid.headers ?? {}) };
  let body: Json = valid.body === undefined ? undefined : structuredClone(valid.body);
  // An upload (multipart/form-data) is sent as its bytes, with its own Content-Type, until a mutation replaces it.
  let payload: Raw | Buffer | undefined = valid.multipart?.payload;
  let multipartType = valid.multipart?.contentType;
  let withoutBody = false;
  let contentType: string | null | undefined;
  let sameRoute = true;
  let method: string = operation.method;

  const as =
    c.persona.kind === 'valid' ? valid.as : c.persona.kind === 'person' ? world[c.persona.who] : null;
  if (c.persona.kind === 'authorization') {
    if (c.persona.value !== null) headers.authorization = c.persona.value;
  } else if (as) headers.authorization = `Bearer ${as.token}`;

  for (const m of c.mutations) {
    switch (m.kind) {
      case 'path':
        if (m.name in params) {
          params[m.name] = m.verbatim ? m.value : encodeSegment(m.value);
          sameRoute = false;
        }
        break;
      case 'query-set':
        setQuery(query, m.name, m.verbatim ? m.value : encodeText(m.value));
        break;
      case 'query-drop':
        for (let i = query.length - 1; i >= 0; i--) if (query[i]?.[0] === m.name) query.splice(i, 1);
        break;
      case 'query-repeat':
        query.push([m.name, encodeText(m.value)]);
        query.push([m.name, encodeText(m.value)]);
        break;
      case 'query-bracket':
        query.push([`${m.name}${m.suffix}`, encodeText(m.value)]);
        break;
      case 'query-raw':
        rawQuery = m.text;
        break;
      case 'header':
        if (m.value === null) delete headers[m.name];
        else headers[m.name] = m.value;
        break;
      case 'method':
        sameRoute &&= m.method === operation.method;
        method = m.method;
        break;
      case 'content-type':
        contentType = m.value;
        break;
      case 'raw-body':
        payload = m.payload;
        multipartType = undefined;
        withoutBody = false;
        break;
      case 'no-body':
        withoutBody = true;
        payload = undefined;
        multipartType = undefined;
        break;
      case 'schema-body':
        body = structuredClone(m.value);
        payload = undefined;
        multipartType = undefined;
        break;
      default:
        body = mutateField(body, m);
    }
  }

  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '');
  const queryText = rawQuery ?? query.map(([k, v]) => `${encodeText(k)}=${v}`).join('&');
  const url = `/api${path}${queryText ? `?${queryText}` : ''}`;
  const hasBody = !withoutBody && (payload !== undefined || body !== undefined);
  if (hasBody) headers['content-type'] = multipartType ?? 'application/json';
  if (contentType === null) delete headers['content-type'];
  else if (contentType !== undefined) headers['content-type'] = contentType;
  const inject: BuiltRequest['inject'] = { method: method as 'GET', url, headers };
  if (hasBody)
    inject.payload = Buffer.isBuffer(payload) ? payload : payload ? payload.text : toJsonText(body);
  return { inject, sameRoute };
}

function setQuery(query: [string, string][], name: string, value: string) {
  const at = query.findIndex(([k]) => k === name);
  if (at === -1) query.push([name, value]);
  else query[at] = [name, value];
}

/** encodeURIComponent, except that lone surrogates (which it refuses) become their 3-byte forms. */
export function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      out +=
        code >= 0xd800 && code <= 0xdfff
          ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
              .map((byte) => `%${byte.toString(16).toUpperCase()}`)
              .join('')
          : encodeURIComponent(char);
    }
    return out;
  }
}

const encodeSegment = encodeText;

/** Every path into a JSON value (object keys and array indexes), parents before children. */
function pathsOf(value: Json, prefix: Path = [], out: Path[] = []): Path[] {
  if (value instanceof Raw || value === null || typeof value !== 'object') return out;
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    out.push([...prefix, key]);
    pathsOf(child, [...prefix, key], out);
  }
  return out;
}

function at(value: Json, path: Path): Json {
  let node = value;
  for (const key of path) node = (node as Record<string | number, Json>)[key];
  return node;
}

function setOwn(target: object, key: string | number, value: Json) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

type FieldMutation = Extract<
  Mutation,
  { kind: 'field-replace' | 'field-typed' | 'field-delete' | 'field-extra' | 'field-rename' | 'item-repeat' }
>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;
const BOOLEANS: Json[] = ['true', 1, 0, null, 'yes', []];
const COLLECTIONS: Json[] = [null, 'x', 0, [], {}, [null], [[]]];

/** A value of the same kind as `value` but at or past its edges: dates, ids, texts, numbers, lists. */
function hostileLike(value: Json, n: number): Json {
  const pick = <T>(pool: readonly T[]) => pool[n % pool.length] as T;
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return pick(HOSTILE_DATES);
    if (UUID.test(value))
      return pick([...UUID_LIKE, value.toUpperCase(), `${value}\u0000`, ` ${value}`, value.slice(1)]);
    return pick(HOSTILE_TEXTS);
  }
  if (typeof value === 'number') return raw(pick(HOSTILE_NUMBER_LITERALS));
  if (typeof value === 'boolean') return pick(BOOLEANS);
  if (Array.isArray(value) && value.length > 0) {
    return pick<Json>([
      [],
      [...value, ...value],
      Array.from({ length: 201 }, () => value[0]),
      value.map(() => null),
      [value],
      ...COLLECTIONS,
    ]);
  }
  return pick(COLLECTIONS);
}

/** One change at one place of the body (the place is `pick` modulo the number of places). */
function mutateField(body: Json, m: FieldMutation): Json {
  if (body === undefined || body === null || typeof body !== 'object' || body instanceof Raw) {
    if (m.kind === 'field-replace') return m.value;
    return m.kind === 'field-typed' ? hostileLike(body, m.n) : body;
  }
  const paths = pathsOf(body);
  const path = paths.length > 0 ? (paths[m.pick % paths.length] as Path) : null;
  if (!path) {
    if (m.kind === 'field-extra' && !Array.isArray(body)) setOwn(body, m.key, m.value);
    return body;
  }
  const parent = at(body, path.slice(0, -1)) as Record<string | number, Json> | Json[];
  const key = path[path.length - 1] as string | number;
  switch (m.kind) {
    case 'field-replace':
      setOwn(parent as object, key, m.value);
      break;
    case 'field-typed':
      setOwn(parent as object, key, hostileLike((parent as Record<string | number, Json>)[key], m.n));
      break;
    case 'field-delete':
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete (parent as Record<string, Json>)[key];
      break;
    case 'field-extra':
      if (Array.isArray(parent)) parent.push(m.value);
      else setOwn(parent as object, m.key, m.value);
      break;
    case 'field-rename':
      if (!Array.isArray(parent)) {
        const value = (parent as Record<string, Json>)[key];
        delete (parent as Record<string, Json>)[key];
        setOwn(parent as object, m.key, value);
      }
      break;
    case 'item-repeat': {
      const node = (parent as Record<string | number, Json>)[key];
      if (Array.isArray(node) && node.length > 0) node.push(structuredClone(node[0]));
      else if (Array.isArray(parent)) parent.push(structuredClone(node));
      break;
    }
  }
  return body;
}
