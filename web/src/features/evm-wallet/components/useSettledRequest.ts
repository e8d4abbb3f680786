import { useEffect, useMemo, useState } from 'react';
import type { SendRequest } from '../api/sendPreview';

/** How long the inputs must rest before the server is asked for a fee estimate. */
const SETTLE_MS = 400;

/**
 * The send request once the user has stopped typing for a moment, so the fee
 * estimate is not asked for at every keystroke. `current` says whether the
 * settled request is the one on screen now.
 */
export function useSettledRequest(request: SendRequest | null): { settled: SendRequest | null; current: boolean } {
  const key = request === null ? '' : JSON.stringify(request);
  const [settledKey, setSettledKey] = useState('');

  useEffect(() => {
    const timer = window.setTimeout(() => { setSettledKey(key); }, key === '' ? 0 : SETTLE_MS);
    return () => { window.clearTimeout(timer); };
  }, [key]);

  const settled = useMemo(() => (settledKey === '' ? null : (JSON.parse(settledKey) as SendRequest)), [settledKey]);
  return { settled, current: settledKey === key };
}
