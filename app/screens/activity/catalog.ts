import activity from '../../i18n/locales/en-US/activity.json';
import { registerCatalog } from '../../i18n';

/**
 * The activity log's messages come with its lazy chunk, not with the entry chunk the login page loads
 * (its 120 KB budget). Every activity screen imports this module first.
 */
registerCatalog(activity);
