import definitions from '../i18n/locales/en-US/definitions.json';
import { registerCatalog } from '../i18n';

/**
 * The definitions' text (interface and layout names, descriptions, option labels, notes and choices;
 * derived from schemas/ by `npm run i18n:definitions`) comes with the lazy chunks of the screens that
 * show it (the listing's view options, the item page's forms, settings), not with the entry chunk the
 * login page loads (its 120 KB budget). `useRegistry()` answers the definitions through it.
 */
registerCatalog(definitions);
