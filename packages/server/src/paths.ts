import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Resolved from this file so the server finds its files whatever the working directory is.
const here = dirname(fileURLToPath(import.meta.url));

/** The repository root (the folder holding openapi.yaml). */
export const REPO_ROOT = resolve(here, '../../..');
export const SERVER_ROOT = resolve(here, '..');
export const CONTRACT_PATH = resolve(REPO_ROOT, 'openapi.yaml');
export const MIGRATIONS_DIR = resolve(SERVER_ROOT, 'migrations');
export const DEFAULT_DATA_DIR = resolve(REPO_ROOT, 'data');
export const DEFAULT_WEB_DIST = resolve(REPO_ROOT, 'packages/web/dist');
