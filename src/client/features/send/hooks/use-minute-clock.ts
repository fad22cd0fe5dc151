import { useEffect, useState } from 'react';

/** The clock the greeting follows, ticking each minute so the preview says 'afternoon' when it is. */
export function useMinuteClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
