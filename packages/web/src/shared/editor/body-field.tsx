import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { EditorContent } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { textToHtml } from '../format/html-text';
import { useTranslation } from '../i18n/translation';
import type { BodyValue } from './body-value';
import { EditorToolbar } from './editor-toolbar';
import { editorSx } from './editor-styles';
import { imageRefusalMessage, useRefusalNotice } from './image-refusal';
import { LinkDialog } from './link-dialog';
import { PlainTextBody } from './plain-text-body';
import { useBodyEditor, type BodyEditor } from './use-body-editor';
import { useFocusBodyAtStart } from './use-focus-body-at-start';
import { useInlineImages } from './use-inline-images';

export interface BodyFieldProps {
  value: BodyValue;
  /** The parts that changed: `html` as it is typed, `text` in plain-text mode, both with `plainText` on a switch. */
  onChange: (patch: Partial<BodyValue>) => void;
  /** Bytes the message has now, for the whole-message limit of inserted images. */
  messageBytes: number;
  errors?: string[];
  /** A field of its own that is always rich text (a signature's text): no plain-text switch. */
  richTextOnly?: boolean;
  /**
   * Images can be put in (the button, a paste). Off for an auto-reply: the mail server's reply carries the text
   * alone, so an inline image would reach the sender as a data: URL most mail clients do not show.
   */
  images?: boolean;
  /** The body's name for assistive technology (default: the message body). */
  label?: string;
  /**
   * Put the caret at the top of the body when the field opens: above the quote of a reply (and above the
   * signature once there is one), where the answer goes.
   */
  focusAtStart?: boolean;
  /** More controls at the end of the toolbar while rich text is shown (the composer's signature menu). */
  toolbarEnd?: (editor: BodyEditor) => ReactNode;
}

/**
 * The body: the rich-text editor with its toolbar, or a plain textarea in plain-text mode. Switching to plain
 * text keeps the words and drops the formatting; switching back makes paragraphs of the text. Inline images
 * (toolbar or paste) are checked against the inline limits (512,000 bytes, never TIFF) and inserted as data:
 * URLs, which the server sends as related parts; a refused one is said in an error notice.
 */
export function BodyField({
  value,
  onChange,
  messageBytes,
  errors = [],
  richTextOnly = false,
  images = true,
  label,
  focusAtStart = false,
  toolbarEnd,
}: BodyFieldProps) {
  const { t } = useTranslation('editor');
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const onRefused = useRefusalNotice(imageRefusalMessage);
  const { insertImages, editorRef } = useInlineImages(messageBytes, onRefused);

  const onHtml = useCallback((html: string) => onChange({ html }), [onChange]);
  const onPasteImages = useCallback((files: File[]) => void insertImages(files), [insertImages]);
  const editor = useBodyEditor({
    initialHtml: value.html,
    label: label ?? t('body'),
    placeholder: t('placeholder'),
    onChange: onHtml,
    onPasteImages: images ? onPasteImages : undefined,
  });
  // Where inserted images go: the editor is created after `useInlineImages`, whose paste handler it needs.
  useEffect(() => {
    editorRef.current = editor;
  }, [editor, editorRef]);
  useFocusBodyAtStart(editor, focusAtStart, value.plainText);

  const togglePlainText = () => {
    if (!value.plainText) {
      onChange({ plainText: true, text: editor.getText({ blockSeparator: '\n\n' }) });
      return;
    }
    const html = textToHtml(value.text);
    editor.commands.setContent(html, { emitUpdate: false });
    onChange({ plainText: false, html });
  };

  const applyLink = (url: string) => {
    setLinkUrl(null);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!url) chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else chain.setLink({ href: url }).run();
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <EditorToolbar
        editor={editor}
        plainText={value.plainText}
        onTogglePlainText={togglePlainText}
        onLink={() => setLinkUrl(String(editor.getAttributes('link').href ?? ''))}
        onImage={images ? () => imageInput.current?.click() : undefined}
        richTextOnly={richTextOnly}
        extra={value.plainText ? undefined : toolbarEnd?.(editor)}
      />
      <Box sx={{ ...editorSx, display: value.plainText ? 'none' : 'block' }}>
        <EditorContent editor={editor} />
      </Box>
      {value.plainText && (
        <PlainTextBody
          text={value.text}
          onChange={(text) => onChange({ text })}
          placeholder={t('placeholder')}
          label={label ?? t('body')}
          autoFocus={focusAtStart}
        />
      )}
      {errors.length > 0 && <FormHelperText error>{errors.join(' ')}</FormHelperText>}
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('toolbar.image')}
        onChange={(event) => {
          void insertImages(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {linkUrl !== null && (
        <LinkDialog initialUrl={linkUrl} onApply={applyLink} onClose={() => setLinkUrl(null)} />
      )}
    </Box>
  );
}
