import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, CLIENT_ERROR_CODES, type RequestOptions } from './client';
import { apiGet, type Schemas } from './endpoints';
import { ClientConfig as ClientConfigShape } from './generated/answerShapes';

/**
 * GET /api/v1/client-config: the server's settings the app needs, so one build of
 * the app serves every deployment. Read defensively: a server from before the
 * endpoint existed (404, or an answer that is not its JSON, or not of its shape) and a
 * missing or empty field all mean "not configured", never an error the user has to
 * deal with.
 */
export interface ClientConfig {
  /** The connection-protocol (WalletConnect v2) project id; `null` when the server has none. */
  readonly walletConnectProjectId: string | null;
}

export const UNCONFIGURED: ClientConfig = { walletConnectProjectId: null };

/** The settings as the app uses them: a blank project id is none. */
export function clientConfigOf(answer: Schemas['ClientConfig']): ClientConfig {
  const projectId = answer.walletConnectProjectId?.trim() ?? '';
  return { walletConnectProjectId: projectId === '' ? null : projectId };
}

/** An answer that says this server has no such endpoint (older server, or a static host's fallback page). */
function isMissingEndpoint(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404 || error.status === 405) return true;
  // A static host answers an unknown path with its index.html and 200.
  return error.code === CLIENT_ERROR_CODES.invalidResponse && error.status >= 200 && error.status < 300;
}

export async function fetchClientConfig(options?: RequestOptions): Promise<ClientConfig> {
  try {
    return clientConfigOf(await apiGet('/api/v1/client-config', {}, ClientConfigShape, options));
  } catch (error) {
    if (isMissingEndpoint(error)) return UNCONFIGURED;
    throw error;
  }
}

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['client-config'] as const,
    queryFn: ({ signal }) => fetchClientConfig({ signal }),
    // The server's configuration does not change while the page is open.
    staleTime: Infinity,
    retry: 1,
  });

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
