import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { unauthorized } from '../http/errors';
import type { CurrentUser } from '../users/repo';
import { userOfToken } from './access';
import { refuseUnverifiedClaims } from './unverified';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The onRequest hook of every route that requires authentication. 401 "Please sign in again." for a
 * missing, expired, tampered or foreign token, a token with another algorithm (or none), a token of an
 * unknown or unregistered user, or one older than the user's last password change (token_version); 403
 * for an account whose address is not proven while others' invitations name it (src/auth/unverified.ts);
 * 429 past the account's concurrency limit (src/http/account-limit.ts). Sets request.user, and
 * request.tokenExpiresAt (a live stream ends then).
 */
export function createAuthenticate(ctx: AppContext): onRequestHookHandler {
  return async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized();
    const claims = await ctx.tokens.verify(token);
    if (!claims) throw unauthorized();
    // Before the database is asked anything: a flood from one account waits or is refused here.
    await ctx.limits.accounts.enter(request, claims.sub);
    const user = await userOfToken(ctx.db, claims.sub);
    if (!user?.registered || user.token_version !== claims.tv) throw unauthorized();
    await refuseUnverifiedClaims(ctx, request, user);
    request.user = user;
    request.tokenExpiresAt = claims.exp * 1000;
  };
}

/** The signed-in user of a route that requires authentication. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
