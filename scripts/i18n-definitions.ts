/**
 * `npm run i18n:definitions`: writes the en-US catalogue of the definitions' text
 * (app/i18n/locales/en-US/definitions.json) from schemas/interfaces and schemas/layouts, and that of
 * the system collections' fields (system-fields.json) from schemas/system. Run it after changing a
 * definition's or a system field's text; `app/i18n/definitions.test.ts` fails until then.
 * The other locales translate the same keys by hand.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFINITIONS_CATALOG,
  SYSTEM_FIELDS_CATALOG,
  readDefinitions,
  readSystemCollections,
} from './definitions-source';
import { definitionMessages } from '../schemas/meta/definition-messages';
import { systemFieldMessages } from '../schemas/meta/system-messages';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { interfaces, layouts } = readDefinitions(root);
for (const [path, messages] of [
  [DEFINITIONS_CATALOG, definitionMessages(interfaces, layouts)],
  [SYSTEM_FIELDS_CATALOG, systemFieldMessages(readSystemCollections(root))],
] as const) {
  writeFileSync(join(root, path), `${JSON.stringify(messages, null, 2)}\n`);
  console.log(`${Object.keys(messages).length} messages written to ${path}`);
}
