import { useEffect, useRef, useState } from 'react';

/** How long the activity list shows "Updating activity..." after a change (spec section 4). */
export const RECALCULATION_FLAG_MS = 100;

/**
 * True for RECALCULATION_FLAG_MS (100 ms) after `signature` changes: the activity list counts as
 * recalculating after each change (spec section 4). The first render is not a change.
 */
export function useRecalculating(signature: string): boolean {
  const [recalculating, setRecalculating] = useState(false);
  const previous = useRef(signature);
  useEffect(() => {
    if (previous.current === signature) return;
    previous.current = signature;
    setRecalculating(true);
    const timer = setTimeout(() => setRecalculating(false), RECALCULATION_FLAG_MS);
    return () => clearTimeout(timer);
  }, [signature]);
  return recalculating;
}
