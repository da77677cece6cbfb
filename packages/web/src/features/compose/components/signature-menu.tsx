import CheckIcon from '@mui/icons-material/Check';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import type { BodyEditor } from '../../../shared/editor/use-body-editor';
import {
  currentSignatureId,
  replaceSignature,
  type EditorSignature,
} from '../../../shared/editor/signature-block';
import { Tooltip } from '../../../shared/ui/tooltip';

/**
 * The composer's signature menu: puts another signature (or none) in the signature's place; the text the user
 * wrote and the quote stay as they are.
 */
export function SignatureMenu({
  editor,
  signatures,
}: {
  editor: BodyEditor;
  signatures: readonly EditorSignature[];
}) {
  const { t } = useTranslation('compose');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = anchor ? currentSignatureId(editor) : null;
  const choose = (signature: EditorSignature | null) => {
    setAnchor(null);
    replaceSignature(editor, signature);
  };
  const item = (signature: EditorSignature | null) => {
    const id = signature?.id ?? '';
    const selected = (current ?? '') === id;
    return (
      <MenuItem key={id || 'none'} selected={selected} onClick={() => choose(signature)}>
        <ListItemIcon>{selected && <CheckIcon fontSize="small" />}</ListItemIcon>
        <ListItemText>{signature ? signature.name : t('signature.none')}</ListItemText>
      </MenuItem>
    );
  };
  return (
    <>
      <Tooltip title={t('signature.choose')}>
        <IconButton
          aria-label={t('signature.choose')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ width: { xs: 48, sm: 36 }, height: { xs: 48, sm: 36 }, flexShrink: 0 }}
        >
          <DrawOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {item(null)}
        {signatures.map(item)}
      </Menu>
    </>
  );
}
