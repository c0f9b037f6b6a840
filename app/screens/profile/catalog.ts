import profile from '../../i18n/locales/en-US/profile.json';
import { registerCatalog } from '../../i18n';

/** "My profile" messages come with its lazy chunk, not with the entry chunk (the login page's budget). */
registerCatalog(profile);
