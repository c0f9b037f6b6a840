import { APP_LOCALES } from '../../engine/components/pickers/languages';
import { pickAppLocale } from '../../machines/locale-match';

/** The public pages' language: the browser's when the app has it, else the project's default, else en-US. */
export function publicLanguage(browserLanguage: string | null, projectLocale: string | null): string {
  return pickAppLocale([browserLanguage, projectLocale], APP_LOCALES);
}
