import { ensureAppBuilt } from '../../server/app-build';

/**
 * Browser tests: the app is built once, before the test files start (a file running beside another
 * must never build it at the same time into the same folder).
 */
export default async function setup(): Promise<void> {
  const result = await ensureAppBuilt((line) => console.log(line));
  if (result === 'unavailable') throw new Error('The admin app could not be built for the browser tests');
}
