import { useEffect, useState } from 'react';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The wall clock in whole seconds, ticking every `intervalMs` (live countdowns, unlock estimates). */
export function useNowSeconds(intervalMs = 1_000): number {
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    const timer = setInterval(() => { setNow(nowSeconds()); }, intervalMs);
    return () => { clearInterval(timer); };
  }, [intervalMs]);
  return now;
}
