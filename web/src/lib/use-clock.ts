import { useEffect, useState } from 'react';

/** The current time, refreshed every minute, for labels such as 'Today 14:05'. */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
