import '../../../state/definitions-catalog';
import messages from '../../../i18n/locales/en-US/settings-collections.json';
import { registerCatalog } from '../../../i18n';

/**
 * The designer's messages come with its lazy chunk instead of the entry chunk (admins only; the
 * login page's budget). Every module of the designer imports this first.
 */
registerCatalog(messages);
