import files from '../i18n/locales/en-US/files.json';
import { registerCatalog } from '../i18n';

/**
 * The file library's and the upload rows' messages come with their lazy chunks (the library screen, an
 * item page's upload area), not with the entry chunk the login page loads.
 */
registerCatalog(files);
