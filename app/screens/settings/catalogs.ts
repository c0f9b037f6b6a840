import '../../state/definitions-catalog';
import roles from '../../i18n/locales/en-US/settings-roles.json';
import projectSettings from '../../i18n/locales/en-US/settings-global.json';
import webhooks from '../../i18n/locales/en-US/settings-webhooks.json';
import interfaces from '../../i18n/locales/en-US/settings-interfaces.json';
import gallery from '../../i18n/locales/en-US/gallery.json';
import { registerCatalog } from '../../i18n';

/**
 * The settings area's messages (administrators only) come with its lazy chunks, not with the entry
 * chunk the login page loads (its 120 KB budget). Every settings screen imports this module first.
 */
registerCatalog({ ...roles, ...projectSettings, ...webhooks, ...interfaces, ...gallery });
