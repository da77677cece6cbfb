import type { KeyboardEvent } from 'react';

/**
 * Ctrl/Cmd+Enter sends from anywhere in the composer. The handler is meant for `onKeyDownCapture`: caught in the
 * capture phase and stopped there, before the editor sees it, whose own Mod-Enter would insert a line break.
 */
export function useSendShortcut(onSend: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.stopPropagation();
    onSend();
  };
}
