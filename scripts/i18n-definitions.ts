/**
 * `npm run i18n:definitions`: writes the en-US catalogue of the definitions' text
 * (app/i18n/locales/en-US/definitions.json) from schemas/interfaces and schemas/layouts. Run it after
 * changing a definition's name, description or options; `app/i18n/definitions.test.ts` fails until then.
 * The other locales translate the same keys by hand.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFINITIONS_CATALOG, readDefinitions } from './definitions-source';
import { definitionMessages } from '../schemas/meta/definition-messages';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { interfaces, layouts } = readDefinitions(root);
const messages = definitionMessages(interfaces, layouts);
writeFileSync(join(root, DEFINITIONS_CATALOG), `${JSON.stringify(messages, null, 2)}\n`);
console.log(`${Object.keys(messages).length} messages written to ${DEFINITIONS_CATALOG}`);
