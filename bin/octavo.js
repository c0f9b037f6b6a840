#!/usr/bin/env node
// Runs the CLI from the compiled server (bin/server-build.js builds it when the sources changed).
// OCTAVO_FROM_SOURCE=1 runs the TypeScript sources through tsx instead, in this process, as
// development does; so does a missing esbuild. Either way there is no child process, so signals
// such as SIGTERM from a process manager reach the server.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

async function compiledMain() {
  if (process.env.OCTAVO_FROM_SOURCE === '1' || process.env.OCTAVO_FROM_SOURCE === 'true') return null;
  try {
    const { ensureServerBuild } = await import('./server-build.js');
    const folder = await ensureServerBuild();
    return (await import(pathToFileURL(join(folder, 'cli.mjs')).href)).main;
  } catch (error) {
    process.stderr.write(
      `octavo: running from the sources (the server could not be compiled: ${error.message})\n`,
    );
    return null;
  }
}

let main = await compiledMain();
if (!main) {
  const { register } = await import('tsx/esm/api');
  register();
  main = (await import('../server/cli.ts')).main;
}
process.exitCode = await main(process.argv.slice(2));
