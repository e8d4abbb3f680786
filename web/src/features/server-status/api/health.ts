import { queryOptions, useQuery } from '@tanstack/react-query';
import { isRecord, type RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';

/** GET /api/v1/health. */
export type Health = Schemas['Health'];

export function parseHealth(json: unknown): Health {
  if (!isRecord(json)) throw new Error('health is not an object');
  const { status, version, uptimeSeconds, networks } = json;
  if (typeof status !== 'string') throw new Error('status is not a string');
  if (typeof version !== 'string') throw new Error('version is not a string');
  if (typeof uptimeSeconds !== 'number') throw new Error('uptimeSeconds is not a number');
  if (!Array.isArray(networks) || !networks.every((name) => typeof name === 'string')) {
    throw new Error('networks is not a list of names');
  }
  return json as Health;
}

export function fetchHealth(options?: RequestOptions): Promise<Health> {
  return apiGet('/api/v1/health', {}, parseHealth, options);
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'] as const,
    queryFn: ({ signal }) => fetchHealth({ signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
