import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { EditorContent } from '@tiptap/react';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useBodyEditor } from '../hooks/use-body-editor';
import type { DraftPatch } from '../hooks/use-composer-form';
import { useFocusBodyAtStart } from '../hooks/use-focus-body-at-start';
import { useInlineImages } from '../hooks/use-inline-images';
import type { AttachmentRefusal } from '../lib/attachment-check';
import { textToHtml, type ComposerDraft } from '../lib/composer-draft';
import type { ComposerSignature } from '../lib/signature-block';
import { SignaturesGateContext } from '../lib/signatures-gate';
import { UpgradeInfoLabel } from '../../upgrade/components/upgrade-info-label';
import { EditorToolbar } from './editor-toolbar';
import { LinkDialog } from './link-dialog';
import { editorSx } from './editor-styles';
import { PlainTextBody } from './plain-text-body';
import { SignatureMenu } from './signature-menu';

export interface ComposerBodyProps {
  draft: Pick<ComposerDraft, 'html' | 'text' | 'plainText'>;
  onChange: (patch: DraftPatch) => void;
  /** Bytes the message has now, for the whole-message limit of inserted images. */
  messageBytes: number;
  onRefused: (file: File, refusal: AttachmentRefusal) => void;
  errors?: string[];
  /** The user's signatures, for the signature menu (undefined: signatures are not available). */
  signatures?: readonly ComposerSignature[];
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
   * Put the caret at the top of the body when the composer opens: above the quote of a reply (and above the
   * signature once there is one), where the answer goes.
   */
  focusAtStart?: boolean;
}

/**
 * The body: the rich-text editor with its toolbar, or a plain textarea in plain-text mode. Switching to plain
 * text keeps the words and drops the formatting; switching back makes paragraphs of the text. Inline images
 * (toolbar or paste) are checked against the inline limits (512,000 bytes, never TIFF) and inserted as data:
 * URLs, which the server sends as related parts.
 */
export function ComposerBody({
  draft,
  onChange,
  messageBytes,
  onRefused,
  errors = [],
  signatures,
  richTextOnly = false,
  images = true,
  label,
  focusAtStart = false,
}: ComposerBodyProps) {
  const { t } = useTranslation('compose');
  const gatedFor = useContext(SignaturesGateContext);
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const { insertImages, editorRef } = useInlineImages(messageBytes, onRefused);

  const onHtml = useCallback((html: string) => onChange({ html }), [onChange]);
  const onPasteImages = useCallback((files: File[]) => void insertImages(files), [insertImages]);
  const editor = useBodyEditor({
    initialHtml: draft.html,
    label: label ?? t('editor.body'),
    placeholder: t('editor.placeholder'),
    onChange: onHtml,
    onPasteImages: images ? onPasteImages : undefined,
  });
  // Where inserted images go: the editor is created after `useInlineImages`, whose paste handler it needs.
  useEffect(() => {
    editorRef.current = editor;
  }, [editor, editorRef]);
  useFocusBodyAtStart(editor, focusAtStart, draft.plainText);

  const togglePlainText = () => {
    if (!draft.plainText) {
      onChange({ plainText: true, text: editor.getText({ blockSeparator: '\n\n' }) });
      return;
    }
    const html = textToHtml(draft.text);
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
        plainText={draft.plainText}
        onTogglePlainText={togglePlainText}
        onLink={() => setLinkUrl(String(editor.getAttributes('link').href ?? ''))}
        onImage={images ? () => imageInput.current?.click() : undefined}
        richTextOnly={richTextOnly}
        extra={
          draft.plainText ? undefined : signatures ? (
            <SignatureMenu editor={editor} signatures={signatures} />
          ) : gatedFor !== null && !richTextOnly ? (
            <UpgradeInfoLabel userIndex={gatedFor} feature="signatures" />
          ) : undefined
        }
      />
      <Box sx={{ ...editorSx, display: draft.plainText ? 'none' : 'block' }}>
        <EditorContent editor={editor} />
      </Box>
      {draft.plainText && (
        <PlainTextBody
          text={draft.text}
          onChange={(text) => onChange({ text })}
          placeholder={t('editor.placeholder')}
          label={label ?? t('editor.body')}
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
        aria-label={t('editor.image')}
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
