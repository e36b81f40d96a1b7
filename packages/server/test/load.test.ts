import { describe } from 'vitest';
import { useTestContext } from './support/context';
import { ENGINES } from './support/databases';
import { abuseLoadSuite } from './suites/abuse-load.suite';
import { importsOffLoopSuite } from './suites/imports-off-loop.suite';

// One account's load against another account's latency: these suites time the other account's answers, so
// they run in the `server-load` project, a Vitest group of its own that runs apart from every other project
// (root vitest.config.ts), with the machine to themselves. On both engines, one after the other.
for (const engine of ENGINES) {
  describe(`on ${engine}`, () => {
    const ctx = useTestContext(engine);
    importsOffLoopSuite(ctx);
    abuseLoadSuite(ctx);
  });
}
