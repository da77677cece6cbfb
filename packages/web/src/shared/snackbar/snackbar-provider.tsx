import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  SnackbarContext,
  type SnackbarApi,
  type SnackbarInput,
  type SnackbarMessage,
} from './snackbar-context';
import { addSnackbarMessage, toSnackbarMessage } from './snackbar-message';
import { SnackbarStack } from './snackbar-stack';

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<SnackbarMessage[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const close = useCallback((key: string) => {
    const timer = timers.current.get(key);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(key);
    setMessages((list) => list.filter((m) => m.key !== key));
  }, []);

  const show = useCallback(
    (input: SnackbarInput) => {
      const message = toSnackbarMessage(input);
      setMessages((list) => {
        for (const replaced of list.filter((m) => m.message === message.message || m.key === message.key)) {
          const timer = timers.current.get(replaced.key);
          if (timer !== undefined) clearTimeout(timer);
          timers.current.delete(replaced.key);
        }
        return addSnackbarMessage(list, message);
      });
      if (message.timeout !== null) {
        timers.current.set(
          message.key,
          setTimeout(() => close(message.key), message.timeout),
        );
      }
      return message.key;
    },
    [close],
  );

  const api = useMemo<SnackbarApi>(() => ({ show, close }), [show, close]);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <SnackbarStack messages={messages} onClose={close} />
    </SnackbarContext.Provider>
  );
}
