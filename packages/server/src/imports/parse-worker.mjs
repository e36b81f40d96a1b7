// The thread that reads import files (parse-pool.ts). Plain JavaScript, so that Node runs it as it is under
// `pnpm start` and under Vitest alike; it loads the domain's TypeScript through tsx's own loader.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { parseImport } = await tsImport('@kitty/domain', import.meta.url);

parentPort.on('message', ({ format, content, currency }) => {
  // parseImport never throws (a reader's bug is the file's problem): anything else ends this thread, and
  // the pool answers the request and starts another.
  parentPort.postMessage(parseImport(format, content, { currency }));
});
