import fileDetail from '../../i18n/locales/en-US/file-detail.json';
import { registerCatalog } from '../../i18n';

/** The file detail's messages come with its lazy chunk, not with the entry chunk (the login budget). */
registerCatalog(fileDetail);
