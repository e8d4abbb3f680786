import { useEffect, useMemo, useState } from 'react';
import { PREPARATION_DELAY_MS } from '../../../lib/evm-wallet/connectionProtocol';
import type { SendRequest } from '../api/sendPreview';

/**
 * The send request once the user has stopped typing for `settleMs` (the
 * connected wallet's preparation delay, lib/evm-wallet/connectionProtocol), so
 * the fee estimate is not asked for at every keystroke. `current` says whether
 * the settled request is the one on screen now.
 */
export function useSettledRequest(request: SendRequest | null, settleMs = PREPARATION_DELAY_MS): { settled: SendRequest | null; current: boolean } {
  const key = request === null ? '' : JSON.stringify(request);
  const [settledKey, setSettledKey] = useState('');

  useEffect(() => {
    const timer = window.setTimeout(() => { setSettledKey(key); }, key === '' ? 0 : settleMs);
    return () => { window.clearTimeout(timer); };
  }, [key, settleMs]);

  const settled = useMemo(() => (settledKey === '' ? null : (JSON.parse(settledKey) as SendRequest)), [settledKey]);
  return { settled, current: settledKey === key };
}
