import messages from '../../i18n/locales/en-US/exchange.json';
import { registerCatalog } from '../../i18n';

/** Export and import messages come with the listing's lazy chunk (the login page's budget). */
registerCatalog(messages);
