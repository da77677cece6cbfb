import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import Placeholder from '@tiptap/extension-placeholder';
import Underline from '@tiptap/extension-underline';
import { mergeAttributes, Node, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { cleanPastedHtml } from './clean-pasted-html';
import { signatureAttribute, signatureNodeName } from './signature-block';

export interface BodyEditorOptions {
  initialHtml: string;
  label: string;
  placeholder: string;
  onChange: (html: string) => void;
  /** Image files pasted into the body: inserted inline after the limit check. */
  /** Pasted image files go here; without it they are left out (a field that holds no images). */
  onPasteImages?: (files: File[]) => void;
}

/**
 * The signature's place in the body (`<div data-signature="{id}">`): a block of its own, so the signature menu can
 * swap it without touching the text around it. Its content is ordinary editable text.
 */
export const SignatureNode = Node.create({
  name: signatureNodeName,
  group: 'block',
  content: 'block*',
  defining: true,
  addAttributes() {
    return {
      id: {
        default: '',
        parseHTML: (element) => element.getAttribute(signatureAttribute) ?? '',
        renderHTML: (attributes) => ({ [signatureAttribute]: String(attributes.id ?? '') }),
      },
    };
  },
  parseHTML() {
    return [{ tag: `div[${signatureAttribute}]` }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes), 0];
  },
});

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
      Image.configure({ allowBase64: onPasteImages !== undefined }),
      Placeholder.configure({ placeholder }),
      SignatureNode,
    ],
    content: initialHtml,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
      transformPastedHTML: cleanPastedHtml,
      handlePaste: (_view, event) => {
        const images = imageFiles(event.clipboardData?.files);
        if (images.length === 0) return false;
        handlers.current.onPasteImages?.(images);
        return true;
      },
      // Files dropped on the body are attachments: the composer's drop zone takes them.
      handleDrop: (_view, event) => Boolean(event.dataTransfer?.files.length),
    },
    onUpdate: ({ editor }) => handlers.current.onChange(editor.getHTML()),
  });
}

export type BodyEditor = Editor;
