'use client';
import { useEffect, useState } from 'react';

/**
 * When the page came alive in the browser: null on the server and during hydration, the moment
 * of mounting after. A time read during render differs between the server's HTML and the
 * browser's first render (React error #418); one read after mounting cannot.
 */
export function useMountedAt(): Date | null {
  const [at, setAt] = useState<Date | null>(null);
  useEffect(() => setAt(new Date()), []);
  return at;
}
