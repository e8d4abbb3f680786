import { QueryError } from '../../../lib/ui/QueryError';

/** A failed read: what failed, why, what to do next, and a retry. */
export function EvmQueryError(props: { failed: string; error: Error; onRetry: () => void }) {
  return <QueryError {...props} className="state state--error" />;
}
