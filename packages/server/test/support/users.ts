import type { FastifyInstance } from 'fastify';
import { issueEmailToken } from '../../src/auth/email-tokens';
import { expectContract } from '../contract';
import { TEST_PASSPHRASE } from './context';

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    first_name: 'Jana',
    last_name: 'Novakova',
    password: 'correct-password',
    passphrase: TEST_PASSPHRASE,
    ...overrides,
  };
}

/**
 * Registers a new account through the API and, unless `verify: false`, proves its address the way the
 * person would: POST /auth/verify-email with a link token (made here instead of read from an e-mail; the
 * verification suite reads real ones). Returns what the caller needs to act as that person.
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  { verify = true }: { verify?: boolean } = {},
) {
  const payload = registration(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/users/register', payload });
  if (response.statusCode !== 201)
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const user = expectContract(response, 'registerUser');
  if (verify) await verifyEmailOf(app, user);
  return { user, token: user.token as string, email: payload.email, password: payload.password };
}

/** Proves the person's address through POST /auth/verify-email. */
export async function verifyEmailOf(
  app: FastifyInstance,
  user: { id: string; email: string },
): Promise<void> {
  const token = await issueEmailToken(app.db, user, 'verify');
  const response = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  if (response.statusCode !== 204)
    throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
