import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { unauthorized } from '../http/errors';
import { type CurrentUser, findById } from '../users/repo';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * 401 "Please sign in again." for a missing, expired, tampered or foreign token, a token with another
 * algorithm (or none), a token of an unknown or unregistered user, or one older than the user's last
 * password change (token_version).
 */
export function createAuthenticate(ctx: AppContext): onRequestHookHandler {
  return async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized();
    const claims = await ctx.tokens.verify(token);
    if (!claims) throw unauthorized();
    const user = await findById(ctx.db, claims.sub);
    if (!user?.registered || user.token_version !== claims.tv) throw unauthorized();
    request.user = user;
  };
}

/** The signed-in user of a route that requires authentication. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
