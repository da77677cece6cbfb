import type { ThreadMessage } from '@webmail/contracts';
import { useCallback, useState } from 'react';
import { conversationKey, initiallyExpanded } from '../lib/conversation';

/**
 * Which messages of the conversation are unfolded. Decided once, when the thread first arrives: a message read
 * meanwhile (opening it marks it so) must not fold away under the reader. Messages that arrive later follow the
 * same rule (unread ones open); the reader's own clicks win over both. `settled` is false while the thread is
 * being fetched: a copy restored from the device (or an old cached one) may still call messages unread that
 * were read since, so the decision waits for the server's answer when one is coming.
 */
export function useExpandedMessages(
  messages: readonly ThreadMessage[] | undefined,
  addressed: string | null,
  settled = true,
) {
  const [initial, setInitial] = useState<{ keys: Set<string>; known: Set<string> } | null>(null);
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  if (messages && addressed !== null && settled && initial === null) {
    setInitial({
      keys: initiallyExpanded(messages, addressed),
      known: new Set(messages.map(conversationKey)),
    });
  }

  const isExpanded = useCallback(
    (message: ThreadMessage) => {
      const key = conversationKey(message);
      const chosen = choices.get(key);
      if (chosen !== undefined) return chosen;
      if (!initial) return key === addressed;
      return initial.known.has(key) ? initial.keys.has(key) : !message.seen;
    },
    [choices, initial, addressed],
  );

  const setExpanded = useCallback((message: ThreadMessage, expanded: boolean) => {
    setChoices((current) => new Map(current).set(conversationKey(message), expanded));
  }, []);

  return { isExpanded, setExpanded };
}
