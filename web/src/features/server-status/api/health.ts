import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { Health as HealthShape } from '../../../lib/api/generated/answerShapes';

/** GET /api/v1/health. */
export type Health = Schemas['Health'];

export function fetchHealth(options?: RequestOptions): Promise<Health> {
  return apiGet('/api/v1/health', {}, HealthShape, options);
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
