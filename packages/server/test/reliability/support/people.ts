import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { call, describeAnswer } from './http';
import { mailSink, PASSPHRASE } from './server';

export interface Person {
  id: string;
  token: string;
  email: string;
}

/** Registers a new account through the API of a running server. */
export async function register(base: string, tag: string): Promise<Person> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const answer = await call(base, 'POST', '/api/users/register', {
    body: {
      email,
      first_name: 'Rel',
      last_name: tag,
      password: 'correct-password',
      passphrase: PASSPHRASE,
    },
  });
  expect(answer.status, describeAnswer(answer)).toBe(201);
  await verifyByMail(base, email);
  return { id: answer.body.id, token: answer.body.token, email };
}

/** Opens the verification link the server mailed to `email` (an unverified address claims nothing shared). */
async function verifyByMail(base: string, email: string): Promise<void> {
  const mail = await (await mailSink()).waitFor((m) => m.to.includes(email), 15_000);
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.decoded)?.[1];
  if (!token) throw new Error(`no verification link in the mail to ${email}`);
  const answer = await call(base, 'POST', '/api/auth/verify-email', { body: { token } });
  expect(answer.status, describeAnswer(answer)).toBe(204);
}

export async function registerMany(base: string, count: number, tag = 'person'): Promise<Person[]> {
  const people: Person[] = [];
  for (let i = 0; i < count; i++) people.push(await register(base, `${tag}${i}`));
  return people;
}

/** Creates a group of registered people (the first one creates it); answers its id. */
export async function createGroup(base: string, people: Person[], currency = 'EUR'): Promise<string> {
  const [owner, ...others] = people;
  if (!owner) throw new Error('A group needs at least one person');
  const answer = await call(base, 'POST', '/api/groups', {
    token: owner.token,
    body: {
      name: `Reliability ${randomUUID().slice(0, 6)}`,
      currency,
      members: others.map((p) => ({ email: p.email })),
    },
  });
  expect(answer.status, describeAnswer(answer)).toBe(201);
  return answer.body.id;
}
