import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/**
 * English only. `allowMissing`: server messages reach the toasts untranslated, as they are,
 * instead of warning about a missing key.
 */
export const i18nProvider = polyglotI18nProvider(
  () => en,
  'en',
  [{ locale: 'en', name: 'English' }],
  {
    allowMissing: true,
  },
);
