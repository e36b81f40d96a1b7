import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitsConfig, RateRule } from '../config-security';
import type { Contract } from './contract';
import { tooManyRequests } from './errors';
import type { RateStore } from './rate-store';

/**
 * Calls that tell whether an e-mail has an account, limited per account. A search among the people the
 * caller already shares something with (`connected=true`) reveals nothing new and is not counted. An
 * import tells of each address it is given whether it is an account or an invitation: it counts one
 * look-up per such address itself (countLookups), once it has read them from the file.
 */
export const LOOKUP_OPERATIONS = new Set(['searchUsers', 'checkEmail', 'inviteUser', 'addGroupMember']);
/** The counter of LOOKUP_OPERATIONS, per account. */
const LOOKUPS = 'lookups';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Counts requests per key in the store and refuses those over a rule with a 429. */
export class RateLimiter {
  /** 429s answered since start, per rule name: the abuse figures read them. */
  readonly refused = new Map<string, number>();

  constructor(readonly store: RateStore) {}

  /** Counts the request; throws 429 (Retry-After: until the window closes) once the rule is exceeded. */
  async consume(name: string, rule: RateRule | null, key: string): Promise<void> {
    if (!rule) return;
    const { count, resetInMs } = await this.store.hit(`${name}:${key}`, rule.windowMs);
    if (count > rule.max) {
      this.refused.set(name, (this.refused.get(name) ?? 0) + 1);
      throw tooManyRequests(resetInMs / 1000);
    }
  }
}

/**
 * Limits every request that reaches an operation, after authentication and body parsing: login and
 * registration per client address before the body is validated (invalid attempts count too), registration
 * per e-mail only once the body is valid (a malformed body naming someone's e-mail must not use up their
 * allowance), look-ups and writes per signed-in account. Login has no per-e-mail request limit: wrong
 * passwords have their own counters in the users service (per address and e-mail, and per e-mail, which
 * slows down instead of refusing, so that nobody can lock the owner out).
 */
export function registerRateLimits(
  app: FastifyInstance,
  contract: Contract,
  rules: RateLimitsConfig,
  limiter: RateLimiter,
): void {
  const operationOf = new Map<string, string>();
  for (const operation of contract.operations.values()) {
    operationOf.set(`${operation.method} ${operation.url}`, operation.id);
  }

  // Most requests (reads) count nothing: they pass without a promise; the rest wait for their counters.
  app.addHook('preValidation', (request, _reply, done) => {
    const counted = count(request);
    if (counted === undefined) return done();
    counted.then(() => done(), done);
  });

  function count(request: FastifyRequest): Promise<void> | undefined {
    // HEAD runs the GET handler (Fastify adds it): counted as that GET.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const operationId = operationOf.get(`${method} ${request.routeOptions.url}`);
    if (!operationId) return undefined;
    if (operationId === 'loginUser') {
      return limiter.consume('login-address', rules.loginPerAddress, addressKey(request.ip));
    }
    if (operationId === 'registerUser') {
      return limiter.consume('register-address', rules.registerPerAddress, addressKey(request.ip));
    }
    const user = request.user;
    if (!user) return undefined;
    const lookup = LOOKUP_OPERATIONS.has(operationId) && !onlyConnected(request, operationId);
    const write = WRITE_METHODS.has(request.method);
    if (!lookup && !write) return undefined;
    return countAccount(user.id, lookup, write);
  }

  // After validation, and only when the address was not refused (a refused request never gets here).
  app.addHook('preHandler', (request, _reply, done) => {
    if (operationOf.get(`${request.method} ${request.routeOptions.url}`) !== 'registerUser') return done();
    const email = emailOf(request);
    if (!email) return done();
    limiter.consume('register-email', rules.registerPerEmail, email).then(() => done(), done);
  });

  async function countAccount(userId: string, lookup: boolean, write: boolean) {
    if (lookup) await limiter.consume(LOOKUPS, rules.lookupsPerAccount, userId);
    if (write) await limiter.consume('writes', rules.writesPerAccount, userId);
  }
}

/**
 * Counts `count` look-ups of an account in the counter of LOOKUP_OPERATIONS (one per address a request
 * looks up, as check-email counts one); 429 on the first past the rule, and nothing more is counted then.
 */
export async function countLookups(
  limiter: RateLimiter,
  rules: RateLimitsConfig,
  userId: string,
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i++) await limiter.consume(LOOKUPS, rules.lookupsPerAccount, userId);
}

/**
 * The client as the per-address limits count it: an IPv4 address, or an IPv6 address's /64 network (one
 * customer's line holds a whole /64, so single IPv6 addresses cost an attacker nothing).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function onlyConnected(request: FastifyRequest, operationId: string): boolean {
  const query = request.query as { connected?: unknown } | undefined;
  return operationId === 'searchUsers' && String(query?.connected) === 'true';
}

/**
 * The e-mail a registration names, as the users service matches it (trimmed, any case); null
 * when there is none.
 */
function emailOf(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return email === '' ? null : email.slice(0, 320);
}
