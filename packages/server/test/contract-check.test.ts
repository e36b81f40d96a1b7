import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkEveryAnswer, injectUnchecked, operationOf } from './contract';

// The suites' apps check every answer against openapi.yaml (support/context.ts): this proves the check bites.
describe('every answer an integration test sees is checked against openapi.yaml', () => {
  async function appAnswering(status: number, body: unknown) {
    const app = Fastify();
    app.get('/api/health', async (_request, reply) => reply.code(status).send(body));
    await app.ready();
    checkEveryAnswer(app);
    return app;
  }

  it('an answer whose body drifts from its schema fails the test that made it', async () => {
    const app = await appAnswering(200, { healthy: 'yes' });
    await expect(app.inject({ method: 'GET', url: '/api/health' })).rejects.toThrow(
      /getHealth 200: the answer does not match openapi\.yaml/,
    );
    // The unchecked door is there for planted answers only.
    expect((await injectUnchecked(app)({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('a status the operation does not list must still be an Error body with a known code and a message', async () => {
    const fine = await appAnswering(413, { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
    expect((await fine.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(413);
    await fine.close();
    for (const body of [
      { error: 'too large' },
      { message: 'Request body is too large' },
      { code: 'TOO_LARGE', message: 'Request body is too large' },
    ]) {
      const drifted = await appAnswering(413, body);
      await expect(drifted.inject({ method: 'GET', url: '/api/health' })).rejects.toThrow(/does not match/);
      await drifted.close();
    }
  });

  it('requests are matched to operations as the router does: static segments first, dot segments resolved', () => {
    expect(operationOf('GET', '/api/groups/search?term=x')).toBe('searchGroups');
    expect(operationOf('GET', '/api/groups/0190a0c4-0000-7000-8000-000000000000')).toBe('getGroup');
    expect(operationOf('GET', '/api/financial/group/../balance')).toBe('getMyBalance');
    expect(operationOf('GET', '/api/nothing-here')).toBeNull();
  });
});
