import type { FastifyInstance } from 'fastify';
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

/** Registers a new account through the API; returns what the caller needs to act as that person. */
export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const payload = registration(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/users/register', payload });
  if (response.statusCode !== 201)
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const user = expectContract(response, 'registerUser');
  return { user, token: user.token as string, email: payload.email, password: payload.password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
