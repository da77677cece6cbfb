import { useEffect, useRef, useState } from 'react';
import { createDebouncer, type Debouncer } from '../lib/debouncer';

/** The value once it has stopped changing for `waitMs`, or at the latest `maxWaitMs` after it began changing. */
export function useDebouncedValue<T>(value: T, waitMs: number, maxWaitMs: number): T {
  const [settled, setSettled] = useState(value);
  const latest = useRef(value);
  const debouncer = useRef<Debouncer | null>(null);

  useEffect(() => {
    latest.current = value;
    debouncer.current ??= createDebouncer(() => setSettled(latest.current), waitMs, maxWaitMs);
    debouncer.current.schedule();
  }, [value, waitMs, maxWaitMs]);
  useEffect(() => () => debouncer.current?.cancel(), []);

  return settled;
}
