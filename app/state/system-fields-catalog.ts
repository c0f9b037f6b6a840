import systemFields from '../i18n/locales/en-US/system-fields.json';
import { registerCatalog } from '../i18n';

/**
 * The system collections' field labels, notes, option texts and choices (derived from schemas/system
 * by `npm run i18n:definitions`) come with the private app's lazy chunk (`shell/catalog.ts`), not
 * with the entry chunk the login page loads (its 120 KB budget). `useSchema()` answers through it.
 */
registerCatalog(systemFields);
