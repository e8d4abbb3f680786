import { redirect, type LoaderFunctionArgs } from 'react-router';
import { appConfig } from '../../lib/config';
import { readStoredAccount } from '../../lib/session/storedAccount';
import { navigationOrigin } from '../navigation/model/navigationOrigin';
import { homeReturningTo } from '../../lib/navigation/destinations';
import { HOME_PATH, requiresAuth, resolveRedirect } from './model/redirect';

/**
 * Runs before every navigation (the root route always revalidates), like a
 * global before-each guard: records where the navigation came from and applies
 * the access rules before any lazy screen is rendered.
 */
export function guardLoader({ request }: LoaderFunctionArgs): Response | null {
  navigationOrigin.recordNavigation();
  const { pathname, search } = new URL(request.url);
  const target = resolveRedirect(pathname, readStoredAccount('evm'), window.location.host, appConfig.developmentHosts);
  if (target === null) return null;
  // Turned away for want of a session: home says why and sign-in comes back here.
  return redirect(target === HOME_PATH && requiresAuth(pathname) ? homeReturningTo(`${pathname}${search}`) : target);
}

export function alwaysRevalidate(): boolean {
  return true;
}
