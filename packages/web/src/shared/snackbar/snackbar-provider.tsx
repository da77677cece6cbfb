import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  SnackbarContext,
  type SnackbarApi,
  type SnackbarInput,
  type SnackbarMessage,
} from './snackbar-context';
import { addSnackbarMessage, removeSnackbarMessage, replacedBy, toSnackbarMessage } from './snackbar-message';
import { SnackbarStack } from './snackbar-stack';

/** Holds the open snackbar messages and their auto-close timers. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<SnackbarMessage[]>([]);
  const list = useRef<SnackbarMessage[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const update = useCallback((next: SnackbarMessage[]) => {
    list.current = next;
    setMessages(next);
  }, []);

  const stopTimer = useCallback((key: string) => {
    const timer = timers.current.get(key);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(key);
  }, []);

  const close = useCallback(
    (key: string) => {
      stopTimer(key);
      update(removeSnackbarMessage(list.current, key));
    },
    [stopTimer, update],
  );

  const show = useCallback(
    (input: SnackbarInput) => {
      const message = toSnackbarMessage(input);
      for (const replaced of replacedBy(list.current, message)) stopTimer(replaced.key);
      update(addSnackbarMessage(list.current, message));
      if (message.timeout !== null) {
        timers.current.set(
          message.key,
          setTimeout(() => close(message.key), message.timeout),
        );
      }
      return message.key;
    },
    [close, stopTimer, update],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<SnackbarApi>(() => ({ show, close }), [show, close]);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <SnackbarStack messages={messages} onClose={close} />
    </SnackbarContext.Provider>
  );
}
