// Validates openapi.yaml as OpenAPI 3.1 with Redocly's recommended rules (structure, refs, operation ids,
// path parameters, 4xx responses...). Exits 1 on any error or warning.
import { fileURLToPath } from 'node:url';
import { createConfig, lint } from '@redocly/openapi-core';

export const OPENAPI_PATH = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));

// Public, input-free calls that cannot fail with a 4xx.
const NO_4XX = ['#/paths/~1health/get/responses', '#/paths/~1client-config/get/responses'];

// `/expenses/{id}/comments` and `/expenses/{id}/receipts` against `/expenses/group/{id}` and
// `/expenses/decline/{id}`: an expense id is a UUID, never `group` or `decline`, and routers (Fastify's
// included) try literal segments first.
const EXPENSE_SUBPATHS = ['`/expenses/{id}/comments`', '`/expenses/{id}/receipts`'];

function accepted(problem) {
  return (
    (problem.ruleId === 'operation-4xx-response' &&
      problem.location.every((l) => NO_4XX.includes(l.pointer))) ||
    (problem.ruleId === 'no-ambiguous-paths' && EXPENSE_SUBPATHS.some((p) => problem.message.includes(p)))
  );
}

/** Every problem Redocly finds, as `severity rule: message (pointer)` lines. */
export async function validateOpenapi(ref = OPENAPI_PATH) {
  const config = await createConfig({
    extends: ['recommended-strict'],
    rules: {
      // A licence is not a contract matter here.
      'info-license': 'off',
      'info-license-url': 'off',
    },
  });
  const problems = await lint({ ref, config });
  return problems
    .filter((p) => !accepted(p))
    .map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location.map((l) => l.pointer).join(', ')})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = await validateOpenapi();
  if (problems.length > 0) {
    console.error(`openapi.yaml: ${problems.length} problem(s)\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('openapi.yaml is a valid OpenAPI 3.1 document');
}
