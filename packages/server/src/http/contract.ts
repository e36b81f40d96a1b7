import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_PATH } from '../paths';

export type JsonSchema = Record<string, unknown>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** One operation of openapi.yaml with every $ref already resolved. */
export interface Operation {
  id: string;
  method: HttpMethod;
  /** As in openapi.yaml, without the /api base path: `/groups/{id}`. */
  path: string;
  /** The Fastify route: `/api/groups/:id`. */
  url: string;
  /** false when the operation says `security: []`. */
  secured: boolean;
  parameters: Parameter[];
  body: { required: boolean; schema: JsonSchema } | null;
  /** Response status ('200', '404', 'default') to its JSON schema, or null when it has no JSON body. */
  responses: Record<string, JsonSchema | null>;
  /** Response status to the media types it may answer that are not JSON (a receipt's file: image/png, ...). */
  files: Record<string, string[]>;
}

export interface Contract {
  operations: Map<string, Operation>;
  operation(id: string): Operation;
  /** A component schema (`Error`, `User`, ...) with its refs resolved. */
  schema(name: string): JsonSchema;
}

export const API_PREFIX = '/api';
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
// OpenAPI-only keywords that are not JSON Schema: dropped so ajv's strict mode can stay on.
const OPENAPI_ONLY = new Set(['example', 'xml', 'externalDocs', 'discriminator']);

type Doc = Record<string, unknown>;

export function loadContract(file: string = CONTRACT_PATH): Contract {
  const doc = parse(readFileSync(file, 'utf8')) as Doc;
  const resolve = (node: unknown) => dereference(node, doc, []);
  const operations = new Map<string, Operation>();
  const paths = (doc.paths ?? {}) as Record<string, Doc>;
  const globalSecurity = doc.security as unknown[] | undefined;

  for (const [path, pathItem] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = pathItem[method.toLowerCase()] as Doc | undefined;
      if (!op) continue;
      const id = op.operationId as string | undefined;
      if (!id) throw new Error(`openapi.yaml: ${method} ${path} has no operationId`);
      if (operations.has(id)) throw new Error(`openapi.yaml: operationId ${id} is used twice`);
      const security = (op.security ?? globalSecurity ?? []) as Doc[];
      const requestBody = resolve(op.requestBody) as Doc | undefined;
      const bodySchema = (requestBody?.content as Doc | undefined)?.['application/json'] as Doc | undefined;
      operations.set(id, {
        id,
        method,
        path,
        url: API_PREFIX + path.replace(/\{([^}]+)\}/g, ':$1'),
        secured: security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0),
        parameters: mergeParameters(resolve(pathItem.parameters), resolve(op.parameters)),
        body: bodySchema
          ? { required: requestBody?.required === true, schema: bodySchema.schema as JsonSchema }
          : null,
        responses: responseSchemas(resolve(op.responses) as Record<string, Doc>),
        files: fileTypes(resolve(op.responses) as Record<string, Doc>),
      });
    }
  }

  const schemas = ((doc.components as Doc | undefined)?.schemas ?? {}) as Record<string, unknown>;
  return {
    operations,
    operation(id) {
      const operation = operations.get(id);
      if (!operation) throw new Error(`openapi.yaml has no operation with operationId ${id}`);
      return operation;
    },
    schema(name) {
      if (!(name in schemas)) throw new Error(`openapi.yaml has no schema components.schemas.${name}`);
      return resolve(schemas[name]) as JsonSchema;
    },
  };
}

function mergeParameters(pathLevel: unknown, opLevel: unknown): Parameter[] {
  const merged = new Map<string, Parameter>();
  for (const parameter of [...((pathLevel as Parameter[]) ?? []), ...((opLevel as Parameter[]) ?? [])]) {
    merged.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...merged.values()];
}

function responseSchemas(responses: Record<string, Doc> = {}): Record<string, JsonSchema | null> {
  const result: Record<string, JsonSchema | null> = {};
  for (const [status, response] of Object.entries(responses)) {
    const json = (response.content as Doc | undefined)?.['application/json'] as Doc | undefined;
    result[status] = (json?.schema as JsonSchema | undefined) ?? null;
  }
  return result;
}

function fileTypes(responses: Record<string, Doc> = {}): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [status, response] of Object.entries(responses)) {
    const types = Object.keys((response.content as Doc | undefined) ?? {}).filter(
      (t) => t !== 'application/json',
    );
    if (types.length > 0) result[status] = types;
  }
  return result;
}

/** Inlines every local `$ref` (siblings of a $ref are kept with allOf, as OpenAPI 3.1 allows). */
function dereference(node: unknown, doc: Doc, trail: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(item, doc, trail));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Doc;
  if (typeof $ref === 'string') {
    if (trail.includes($ref))
      throw new Error(`openapi.yaml: ${$ref} refers to itself; recursive schemas are not supported`);
    const target = dereference(pointer(doc, $ref), doc, [...trail, $ref]);
    const siblings = dereference(rest, doc, trail) as Doc;
    const meaningful = Object.keys(siblings).filter((key) => !['description', 'summary'].includes(key));
    return meaningful.length === 0 ? target : { allOf: [target, siblings] };
  }
  const result: Doc = {};
  for (const [key, value] of Object.entries(node)) {
    // `x-message` stays: the validator answers a refusal in the service's words (http/validation.ts).
    if (OPENAPI_ONLY.has(key) || (key.startsWith('x-') && key !== 'x-message')) continue;
    // `properties` holds names, not keywords: a property called "example" must survive.
    result[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value).map(([name, schema]) => [name, dereference(schema, doc, trail)]),
          )
        : dereference(value, doc, trail);
  }
  return result;
}

function pointer(doc: Doc, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`openapi.yaml: only local refs are supported, not ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Doc | undefined)?.[key];
    if (node === undefined) throw new Error(`openapi.yaml: ${ref} does not exist`);
  }
  return node;
}
