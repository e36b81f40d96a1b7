import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { forbidden } from '../http/errors';
import type { CurrentUser } from '../users/repo';

export const VERIFY_FIRST =
  'Please confirm your e-mail address first: open the link we sent you. Until then Kitty shows nothing others shared with this address.';

/** What an account whose address is not proven may always do: see and change itself, get a new link. */
const ALWAYS_OPEN = [
  'getProfile',
  'resendVerification',
  'getAccountSettings',
  'updateAccountSettings',
  'changePassword',
  'getConfig',
  'getConfigCategories',
  'getConfigCurrencies',
  'getConfigSplitTypes',
] as const;

/**
 * Is there anything others addressed to this person: an invitation, a group someone else made, an
 * expense or settlement someone else recorded with them outside their own groups? Only asked for
 * accounts whose address is not proven (few, and only until they click the link).
 */
const SHARED_SQL = `
SELECT EXISTS (SELECT 1 FROM invitations i WHERE i.user_id = $1)
    OR EXISTS (SELECT 1 FROM group_members m JOIN groups g ON g.id = m.group_id
                WHERE m.user_id = $1 AND g.created_by <> $1)
    OR EXISTS (SELECT 1 FROM expenses e LEFT JOIN groups g ON g.id = e.group_id
                WHERE e.created_by <> $1 AND (g.id IS NULL OR g.created_by <> $1)
                  AND (EXISTS (SELECT 1 FROM expense_payers p WHERE p.expense_id = e.id AND p.user_id = $1)
                       OR EXISTS (SELECT 1 FROM expense_splits s
                                   WHERE s.expense_id = e.id AND s.user_id = $1)))
    OR EXISTS (SELECT 1 FROM settlements s LEFT JOIN groups g ON g.id = s.group_id
                WHERE (s.from_user_id = $1 OR s.to_user_id = $1) AND s.created_by <> $1
                  AND (g.id IS NULL OR g.created_by <> $1)) AS shared`;

/**
 * Until the address is proven an account works for what it made itself, but claims nothing addressed to
 * that e-mail: while others' invitations, groups or expenses name it, everything but the account itself
 * answers 403 (whoever registered someone else's address first learns nothing about their groups).
 */
export async function refuseUnverifiedClaims(
  ctx: AppContext,
  request: FastifyRequest,
  user: CurrentUser,
): Promise<void> {
  if (user.email_verified) return;
  if (
    openRoutes(ctx).has(`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`)
  ) {
    return;
  }
  const { rows } = await ctx.db.query<{ shared: boolean }>(SHARED_SQL, [user.id]);
  if (rows[0]?.shared) throw forbidden('EMAIL_NOT_VERIFIED', VERIFY_FIRST);
}

const open = new WeakMap<AppContext, Set<string>>();
function openRoutes(ctx: AppContext): Set<string> {
  let routes = open.get(ctx);
  if (!routes) {
    routes = new Set(
      ALWAYS_OPEN.map((id) => {
        const operation = ctx.contract.operation(id);
        return `${operation.method} ${operation.url}`;
      }),
    );
    open.set(ctx, routes);
  }
  return routes;
}
