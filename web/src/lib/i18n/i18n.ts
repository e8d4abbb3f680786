/**
 * The app's i18next instance. English ships in the bundle and is ready before the
 * first render (no async init, no flash of keys). Another language is one more
 * resource object in RESOURCES plus its code in SUPPORTED_LANGUAGES; until a key
 * is translated, English shows.
 */
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

export const DEFAULT_LANGUAGE = 'en';

const RESOURCES = {
  en: { translation: en },
} as const;

export type Language = keyof typeof RESOURCES;

export const SUPPORTED_LANGUAGES = Object.keys(RESOURCES) as Language[];

/** The first supported language among the user's preferred ones (BCP 47 tags), else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    const match = SUPPORTED_LANGUAGES.find((supported) => supported === language);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: RESOURCES,
  lng: pickLanguage(browserLanguages()),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: SUPPORTED_LANGUAGES,
  initAsync: false,
  // React escapes text itself.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Translation outside React (plain-TS models get texts through this). */
export const translate: TFunction = i18n.t.bind(i18n);
