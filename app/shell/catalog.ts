import browse from '../i18n/locales/en-US/browse.json';
import edit from '../i18n/locales/en-US/edit.json';
import itemSidebar from '../i18n/locales/en-US/item-sidebar.json';
import bookmarks from '../i18n/locales/en-US/bookmarks.json';
import conflicts from '../i18n/locales/en-US/conflicts.json';
import extensions from '../i18n/locales/en-US/extensions.json';
import filePreview from '../i18n/locales/en-US/file-preview.json';
import interfaces from '../i18n/locales/en-US/interfaces.json';
import interfacesCore from '../i18n/locales/en-US/interfaces-core.json';
import interfacesPickers from '../i18n/locales/en-US/interfaces-pickers.json';
import interfacesRelational from '../i18n/locales/en-US/interfaces-relational.json';
import interfacesRich from '../i18n/locales/en-US/interfaces-rich.json';
import interfacesStructured from '../i18n/locales/en-US/interfaces-structured.json';
import layoutsCalendar from '../i18n/locales/en-US/layouts-calendar.json';
import layoutsCards from '../i18n/locales/en-US/layouts-cards.json';
import { registerCatalog } from '../i18n';
import '../state/system-fields-catalog';

/**
 * The messages of the signed-in app's common parts (listing, item page, bookmarks, the form and list
 * engines' interfaces and layouts) come with the private app's lazy chunk, not with the entry chunk the
 * login page loads (its 120 KB budget). `PrivateApp` imports this module first, so every screen under it
 * has its strings on its first render; isolated tests of those parts import it too.
 */
registerCatalog({
  ...browse,
  ...edit,
  ...itemSidebar,
  ...bookmarks,
  ...conflicts,
  ...extensions,
  ...filePreview,
  ...interfaces,
  ...interfacesCore,
  ...interfacesPickers,
  ...interfacesRelational,
  ...interfacesRich,
  ...interfacesStructured,
  ...layoutsCalendar,
  ...layoutsCards,
});
