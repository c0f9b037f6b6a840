#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so the package needs no build step. tsx is registered in this
// process (no child process), so signals such as SIGTERM from a process manager reach the server.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../server/cli.ts');
process.exitCode = await main(process.argv.slice(2));
