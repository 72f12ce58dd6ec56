'use client';
import { useEffect, useState } from 'react';

/** The current time, refreshed every `ms` (relative times like "5 min ago" stay true). */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
