import messages from './locales/en-US/errors.json';
import catalogue from '../../schemas/errors.json';
import { registerCatalog } from './index';

/**
 * The error catalogue's messages (`errors.<NAME>`, one per entry of schemas/errors.json) and the
 * code → names map, loaded as a chunk of their own after the first page (`loadErrorCatalog` in
 * `errors.ts`): the login page's 120 KB budget has no room for them. Other locales bring their
 * `errors.json` with their other files.
 */
registerCatalog(messages);

export interface CatalogueError {
  name: string;
  /** The server's default (English) message for this name. */
  message: string;
}

export const errorsByCode = new Map<number, CatalogueError[]>();
for (const { code, name, message } of catalogue.errors) {
  const list = errorsByCode.get(code) ?? [];
  list.push({ name, message });
  errorsByCode.set(code, list);
}
