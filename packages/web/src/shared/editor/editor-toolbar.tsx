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
import { useEditorState } from '@tiptap/react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/translation';
import { useRovingToolbar } from '../ui/use-roving-toolbar';
import type { BodyEditor } from './use-body-editor';
import { Tooltip } from '../ui/tooltip';

/** The formatting the toolbar toggles, in its two groups: each button is pressed while its formatting is on. */
const marks = [
  { name: 'bold', Icon: FormatBoldIcon, toggle: 'toggleBold' },
  { name: 'italic', Icon: FormatItalicIcon, toggle: 'toggleItalic' },
  { name: 'underline', Icon: FormatUnderlinedIcon, toggle: 'toggleUnderline' },
] as const;
const blocks = [
  { name: 'bulletList', Icon: FormatListBulletedIcon, toggle: 'toggleBulletList' },
  { name: 'orderedList', Icon: FormatListNumberedIcon, toggle: 'toggleOrderedList' },
  { name: 'quote', Icon: FormatQuoteIcon, toggle: 'toggleBlockquote' },
] as const;
/** Undo and redo: disabled while there is nothing to undo or redo. */
const history = [
  { name: 'undo', Icon: UndoIcon },
  { name: 'redo', Icon: RedoIcon },
] as const;

const divider = <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />;

const buttonSx = { width: { xs: 48, sm: 36 }, height: { xs: 48, sm: 36 }, flexShrink: 0 } as const;

interface ToolButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
}

function ToolButton({ label, icon, onClick, pressed, disabled }: ToolButtonProps) {
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
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const roving = useRovingToolbar<HTMLDivElement>();
  const toggleButton = ({ name, Icon, toggle }: (typeof marks | typeof blocks)[number]) => (
    <ToolButton
      key={name}
      label={t(`toolbar.${name}`)}
      icon={<Icon />}
      pressed={active[name]}
      onClick={() => chain()[toggle]().run()}
    />
  );
  const historyButton = ({ name, Icon }: (typeof history)[number]) => (
    <ToolButton
      key={name}
      label={t(`toolbar.${name}`)}
      icon={<Icon />}
      disabled={!active[name]}
      onClick={() => chain()[name]().run()}
    />
  );

  return (
    <Box
      role="toolbar"
      aria-label={t('toolbar.label')}
      {...roving}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, py: 0.5 }}
    >
      {!plainText && (
        <>
          {marks.map(toggleButton)}
          {divider}
          {blocks.map(toggleButton)}
          <ToolButton
            label={t('toolbar.link')}
            icon={<InsertLinkIcon />}
            pressed={active.link}
            onClick={onLink}
          />
          {onImage && (
            <ToolButton label={t('toolbar.image')} icon={<ImageOutlinedIcon />} onClick={onImage} />
          )}
          {divider}
          {history.map(historyButton)}
          {!richTextOnly && divider}
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
