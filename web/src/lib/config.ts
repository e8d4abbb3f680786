import { parseAnalyticsSetting } from './analytics';

/**
 * Deployment settings fixed at build time (Vite `VITE_*` variables, see web/README.md).
 * Unset values fall back to defaults that are safe for a public deployment.
 */

/** Hosts treated as development: developer demos are reachable only there. */
export const DEFAULT_DEVELOPMENT_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

export function parseHostList(raw: string | undefined): readonly string[] {
  const hosts = (raw ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  return hosts.length > 0 ? hosts : DEFAULT_DEVELOPMENT_HOSTS;
}

function optionalUrl(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  return value === '' ? null : value;
}

export const appConfig = {
  developmentHosts: parseHostList(import.meta.env.VITE_TANDEM_DEV_HOSTS),
  termsOfServiceUrl: optionalUrl(import.meta.env.VITE_TANDEM_TERMS_URL),
  privacyPolicyUrl: optionalUrl(import.meta.env.VITE_TANDEM_PRIVACY_URL),
  analytics: parseAnalyticsSetting(import.meta.env.VITE_TANDEM_ANALYTICS_SCRIPT, import.meta.env.VITE_TANDEM_ANALYTICS_DATA),
};
