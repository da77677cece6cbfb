import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import Placeholder from '@tiptap/extension-placeholder';
import Underline from '@tiptap/extension-underline';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { cleanPastedHtml } from '../lib/clean-pasted-html';

export interface BodyEditorOptions {
  initialHtml: string;
  label: string;
  placeholder: string;
  onChange: (html: string) => void;
  /** Image files pasted into the body: inserted inline after the limit check. */
  onPasteImages: (files: File[]) => void;
}

const imageFiles = (list: FileList | null | undefined) =>
  Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));

/**
 * The Tiptap editor of the rich-text body: bold, italic, underline, lists, quote, links, inline images and
 * undo/redo. Only what the schema knows survives a paste (no fonts, colours or tables), and pasted HTML is
 * cleaned of Word's markup first. Headings, code and rules are switched off: mail bodies do not need them
 * and the toolbar does not offer them. `immediatelyRender` is on: this is a client-only app (and tests need it).
 */
export function useBodyEditor({
  initialHtml,
  label,
  placeholder,
  onChange,
  onPasteImages,
}: BodyEditorOptions) {
  const handlers = useRef({ onChange, onPasteImages });
  useEffect(() => {
    handlers.current = { onChange, onPasteImages };
  }, [onChange, onPasteImages]);

  return useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        heading: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: false,
        underline: false,
      }),
      Underline,
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
      // Pasted and resumed images are data: URLs; the server turns them into cid: parts when it builds the mail.
      Image.configure({ allowBase64: true }),
      Placeholder.configure({ placeholder }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
      transformPastedHTML: cleanPastedHtml,
      handlePaste: (_view, event) => {
        const images = imageFiles(event.clipboardData?.files);
        if (images.length === 0) return false;
        handlers.current.onPasteImages(images);
        return true;
      },
      // Files dropped on the body are attachments: the composer's drop zone takes them.
      handleDrop: (_view, event) => Boolean(event.dataTransfer?.files.length),
    },
    onUpdate: ({ editor }) => handlers.current.onChange(editor.getHTML()),
  });
}

export type BodyEditor = Editor;
