#!/usr/bin/env node
// Packs @kitty/domain and @kitty/api as they would be published: `pnpm pack` in each package, which builds it
// first (its prepack script: tsdown to dist/) and writes the manifest pnpm publishes (publishConfig.exports in
// place of the workspace's src/ exports, `workspace:^` turned into a version range).
//
//   node scripts/pack-libraries.mjs [out-dir]      (default: packed/, emptied first)
//
// Prints one JSON line: { "@kitty/domain": "<tarball>", "@kitty/api": "<tarball>" }. Install the two together,
// e.g. `npm install <domain tarball> <api tarball>`: @kitty/api depends on @kitty/domain, which is not on npm.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const LIBRARIES = { '@kitty/domain': 'packages/domain', '@kitty/api': 'packages/api' };

function run(command, args, cwd) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0
        ? done(output)
        : fail(new Error(`${command} ${args.join(' ')} in ${cwd} exited ${code}:\n${output}`)),
    );
  });
}

/** Packs both libraries into `outDir` (emptied first), side by side; resolves to each one's tarball path. */
export async function packLibraries(outDir) {
  const out = resolve(outDir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const entries = await Promise.all(
    Object.entries(LIBRARIES).map(async ([name, dir]) => {
      const cwd = join(root, dir);
      const { version } = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
      await run('pnpm', ['pack', '--pack-destination', out], cwd);
      // pnpm names a scoped package's tarball scope-name-version.tgz.
      return [name, join(out, `${name.replace('@', '').replace('/', '-')}-${version}.tgz`)];
    }),
  );
  return Object.fromEntries(entries);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const tarballs = await packLibraries(process.argv[2] ?? join(root, 'packed'));
  console.log(JSON.stringify(tarballs));
}
