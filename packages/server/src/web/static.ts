import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, varyOnEncoding } from '../http/encoding';
import { notFound } from '../http/errors';
import { loadPages } from './pages';

export const NOT_BUILT_MESSAGE =
  "Kitty's web app is not built yet. Run `pnpm build` at the repository root, then restart the server.\n";

/** Answers a GET that no route and no file matched. */
export type WebFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Serves the built web app: /assets/* (content-hashed names) cached for a year, index.html never cached,
 * and any other page path (/dashboard, /groups/123) answered with index.html so deep links work.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<WebFallback> {
  if (!existsSync(join(webDist, 'index.html'))) {
    return (request, reply) =>
      reply
        .code(request.url === '/' ? 200 : 404)
        .type('text/plain; charset=utf-8')
        .send(NOT_BUILT_MESSAGE);
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    // The web build writes .br and .gz beside each text file: sent to browsers that accept them.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path));
    },
  });
  const pageFor = loadPages(webDist);
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageFor(request.url);
    reply.header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
    varyOnEncoding(reply);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return reply.send(page.identity);
    return reply.header('content-encoding', encoding).send(page[encoding]);
  };
  // The static wildcard would treat / as a directory listing (403): the app's home is index.html.
  app.get('/', (request, reply) => sendIndex(request, reply));
  return (request, reply) => {
    const lastSegment = request.url.split('?')[0]?.split('/').pop() ?? '';
    // A missing file (a name with an extension) is a 404, not the app: a browser asking for a script
    // must not get HTML. The error shape of every other answer.
    if (lastSegment.includes('.')) return reply.code(404).send(notFound().toJSON());
    return sendIndex(request, reply);
  };
}

function cacheControlFor(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
