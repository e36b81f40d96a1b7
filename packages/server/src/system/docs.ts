import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { CONTRACT_PATH } from '../paths';

/**
 * The API reference at /api/docs: Swagger UI (served from the package's own files, nothing fetched from
 * elsewhere) showing openapi.yaml itself, so the reference can never differ from the contract.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    mode: 'static',
    specification: { path: CONTRACT_PATH, baseDir: CONTRACT_PATH.replace(/\/[^/]+$/, '') },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: false,
  });
}
