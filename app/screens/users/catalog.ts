import users from '../../i18n/locales/en-US/users.json';
import { registerCatalog } from '../../i18n';

/**
 * The user directory's messages (and the accept-invitation page's) come with their lazy chunks, not with
 * the entry chunk the login page loads (its 120 KB budget). Every module of the area imports this first.
 */
registerCatalog(users);
