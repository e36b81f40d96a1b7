import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a success notice stays (spec section 9). */
export const SUCCESS_NOTICE_MS = 3000;

/** A success notice that disappears by itself after 3 seconds (spec section 9). */
export function useTimedNotice(): [string | null, (message: string) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const show = useCallback((message: string) => {
    if (timer.current) clearTimeout(timer.current);
    setNotice(message);
    timer.current = setTimeout(() => setNotice(null), SUCCESS_NOTICE_MS);
  }, []);

  return [notice, show];
}
