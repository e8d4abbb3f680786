import 'i18next';
import type { Resources } from './en';

// Typed keys: `t('notify.title.error')` is checked against the English resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
    returnNull: false;
  }
}
