import { Selection } from '@tiptap/pm/state';
import { useEffect, useRef } from 'react';
import type { BodyEditor } from './use-body-editor';

/**
 * Puts the caret at the top of the rich-text body once, as the composer opens, when `focusAtStart` asks for it
 * (a reply is answered above its quote); in plain-text mode the textarea's own autofocus does it instead.
 * Without it the focus stays on the page: typing goes nowhere, and a click into the body lands wherever it hits —
 * often inside the quote. It runs after EditorContent, a child, has mounted the view. Synchronously, not
 * Tiptap's focus command: that waits a frame, and would take the focus back from a field the user has clicked
 * meanwhile.
 */
export function useFocusBodyAtStart(editor: BodyEditor, focusAtStart: boolean, plainText: boolean) {
  const focusOnOpen = useRef(focusAtStart);
  useEffect(() => {
    if (!focusOnOpen.current || plainText) return;
    focusOnOpen.current = false;
    const { view } = editor;
    view.dispatch(view.state.tr.setSelection(Selection.atStart(view.state.doc)));
    view.focus();
  }, [editor, plainText]);
}
