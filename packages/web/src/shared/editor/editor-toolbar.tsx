import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import RedoIcon from '@mui/icons-material/Redo';
import TextFieldsIcon from '@mui/icons-material/TextFields';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEditorState } from '@tiptap/react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/translation';
import { useRovingToolbar } from '../ui/use-roving-toolbar';
import type { BodyEditor } from './use-body-editor';

const buttonSx = { width: { xs: 48, sm: 36 }, height: { xs: 48, sm: 36 }, flexShrink: 0 } as const;

function ToolButton(props: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
}) {
  const { label, icon, onClick, pressed, disabled } = props;
  const button = (
    <IconButton
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      color={pressed ? 'primary' : 'default'}
      sx={{ ...buttonSx, ...(pressed ? { bgcolor: 'action.selected' } : {}) }}
    >
      {icon}
    </IconButton>
  );
  return disabled ? button : <Tooltip title={label}>{button}</Tooltip>;
}

export interface EditorToolbarProps {
  editor: BodyEditor;
  plainText: boolean;
  onTogglePlainText: () => void;
  onLink: () => void;
  /** Inserts an image; no image button without it. */
  onImage?: () => void;
  /** Hides the plain-text switch (an editor that is always rich text). */
  richTextOnly?: boolean;
  /** More controls at the end of the row (the composer's signature menu). */
  extra?: ReactNode;
}

/**
 * Formatting commands of the body (wrapping onto a second row on phones), and the plain-text switch: one Tab stop,
 * the arrow keys move between the buttons.
 */
export function EditorToolbar({
  editor,
  plainText,
  onTogglePlainText,
  onLink,
  onImage,
  richTextOnly = false,
  extra,
}: EditorToolbarProps) {
  const { t } = useTranslation('editor');
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const roving = useRovingToolbar<HTMLDivElement>();

  return (
    <Box
      role="toolbar"
      aria-label={t('toolbar.label')}
      {...roving}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, py: 0.5 }}
    >
      {!plainText && (
        <>
          <ToolButton
            label={t('toolbar.bold')}
            icon={<FormatBoldIcon />}
            pressed={active.bold}
            onClick={() => chain().toggleBold().run()}
          />
          <ToolButton
            label={t('toolbar.italic')}
            icon={<FormatItalicIcon />}
            pressed={active.italic}
            onClick={() => chain().toggleItalic().run()}
          />
          <ToolButton
            label={t('toolbar.underline')}
            icon={<FormatUnderlinedIcon />}
            pressed={active.underline}
            onClick={() => chain().toggleUnderline().run()}
          />
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <ToolButton
            label={t('toolbar.bulletList')}
            icon={<FormatListBulletedIcon />}
            pressed={active.bulletList}
            onClick={() => chain().toggleBulletList().run()}
          />
          <ToolButton
            label={t('toolbar.orderedList')}
            icon={<FormatListNumberedIcon />}
            pressed={active.orderedList}
            onClick={() => chain().toggleOrderedList().run()}
          />
          <ToolButton
            label={t('toolbar.quote')}
            icon={<FormatQuoteIcon />}
            pressed={active.quote}
            onClick={() => chain().toggleBlockquote().run()}
          />
          <ToolButton
            label={t('toolbar.link')}
            icon={<InsertLinkIcon />}
            pressed={active.link}
            onClick={onLink}
          />
          {onImage && (
            <ToolButton label={t('toolbar.image')} icon={<ImageOutlinedIcon />} onClick={onImage} />
          )}
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <ToolButton
            label={t('toolbar.undo')}
            icon={<UndoIcon />}
            disabled={!active.canUndo}
            onClick={() => chain().undo().run()}
          />
          <ToolButton
            label={t('toolbar.redo')}
            icon={<RedoIcon />}
            disabled={!active.canRedo}
            onClick={() => chain().redo().run()}
          />
          {!richTextOnly && <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />}
        </>
      )}
      {!richTextOnly && (
        <ToolButton
          label={t('toolbar.plainText')}
          icon={<TextFieldsIcon />}
          pressed={plainText}
          onClick={onTogglePlainText}
        />
      )}
      {extra}
    </Box>
  );
}
