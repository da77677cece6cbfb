import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import InputBase from '@mui/material/InputBase';
import { Selection } from '@tiptap/pm/state';
import { EditorContent } from '@tiptap/react';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useBodyEditor, type BodyEditor } from '../hooks/use-body-editor';
import type { DraftPatch } from '../hooks/use-composer-form';
import { checkAttachment, type AttachmentRefusal } from '../lib/attachment-check';
import { textToHtml, type ComposerDraft } from '../lib/composer-draft';
import type { ComposerSignature } from '../lib/signature-block';
import { SignaturesGateContext } from '../lib/signatures-gate';
import { UpgradeInfoLabel } from '../../upgrade/components/upgrade-info-label';
import { EditorToolbar } from './editor-toolbar';
import { LinkDialog } from './link-dialog';
import { editorSx } from './editor-styles';
import { focusRing } from '../../../shared/ui/focus-ring';
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

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
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
  const editorRef = useRef<BodyEditor | null>(null);
  const bytesRef = useRef(messageBytes);
  useEffect(() => {
    bytesRef.current = messageBytes;
  }, [messageBytes]);

  const insertImages = useCallback(
    async (files: File[]) => {
      let bytes = bytesRef.current;
      for (const file of files) {
        const refusal = checkAttachment(file, { inline: true, currentBytes: bytes, currentCount: 0 });
        if (refusal) {
          onRefused(file, refusal);
          continue;
        }
        bytes += file.size;
        const src = await readAsDataUrl(file);
        editorRef.current?.chain().focus().setImage({ src, alt: file.name }).run();
      }
    },
    [onRefused],
  );

  const onHtml = useCallback((html: string) => onChange({ html }), [onChange]);
  const onPasteImages = useCallback((files: File[]) => void insertImages(files), [insertImages]);
  const editor = useBodyEditor({
    initialHtml: draft.html,
    label: label ?? t('editor.body'),
    placeholder: t('editor.placeholder'),
    onChange: onHtml,
    onPasteImages: images ? onPasteImages : undefined,
  });
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);
  // Once, as the composer opens (EditorContent, a child, has mounted the view by now). Without it the focus stays
  // on the page: typing goes nowhere, and a click into the body lands wherever it hits — often inside the quote.
  // Synchronously, not Tiptap's focus command: that waits a frame, and would take the focus back from a field the
  // user has clicked meanwhile.
  const focusOnOpen = useRef(focusAtStart);
  useEffect(() => {
    if (!focusOnOpen.current || draft.plainText) return;
    focusOnOpen.current = false;
    const { view } = editor;
    view.dispatch(view.state.tr.setSelection(Selection.atStart(view.state.doc)));
    view.focus();
  }, [editor, draft.plainText]);

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
        <InputBase
          multiline
          minRows={10}
          fullWidth
          value={draft.text}
          onChange={(event) => onChange({ text: event.target.value })}
          placeholder={t('editor.placeholder')}
          // A plain-text reply: the caret at the top, above the quote (focusing a textarea puts it at the start).
          autoFocus={focusAtStart}
          inputProps={{ 'aria-label': label ?? t('editor.body') }}
          sx={{
            py: 1.5,
            px: 0.5,
            alignItems: 'flex-start',
            fontFamily: 'monospace',
            fontSize: 14,
            borderRadius: 1,
            '&.Mui-focused': focusRing,
          }}
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
