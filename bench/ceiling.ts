// The ceiling: the server's own copy of Fastify (same version), logging at the level the measured server
// runs with, one bare JSON route. Whatever the real server answers below this rate is the cost of its
// work (authentication, validation, SQL, presenting), not of the framework or the machine.
import Fastify from '../packages/server/node_modules/fastify/fastify.js';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
app.get('/ping', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
console.log(`Ceiling is running at http://127.0.0.1:${port}`);
