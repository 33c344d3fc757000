import { useEffect, useState } from 'react';

/** The current time in ms, ticking once a second (for the token's exp countdown). */
export function useTickingNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}
