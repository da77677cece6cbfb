import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { contactsExportUrl } from '../api/export-urls';
import { refreshContacts } from '../api/contacts.cache';
import { useContactDialogs } from './contact-dialogs';
import { ContactList } from './contact-list';

export interface ContactsPanelProps {
  userIndex: number;
  /** Open (list shown) or collapsed; kept by the caller (it is a stored preference). */
  open: boolean;
  onToggle: () => void;
}

/**
 * The contacts panel under the folders: a header with the collapse toggle, refresh and a menu (import, export,
 * new contact, new group), and, open, a searchable virtualised list; a contact opens its details and can be
 * dragged onto the composer's To.
 */
export function ContactsPanel({ userIndex, open, onToggle }: ContactsPanelProps) {
  const { t } = useTranslation('contacts');
  const queryClient = useQueryClient();
  const dialogs = useContactDialogs();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const listId = useId();
  const menuId = useId();
  const closeMenu = () => setMenuAnchor(null);
  const menuItem = (label: string, action: () => void) => (
    <MenuItem
      onClick={() => {
        closeMenu();
        action();
      }}
    >
      {label}
    </MenuItem>
  );

  return (
    <Box component="section" aria-label={t('panel.title')} sx={{ px: 1, pb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 1 }}>
        <Button
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={listId}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{
            flex: 1,
            justifyContent: 'space-between',
            color: 'text.secondary',
            textTransform: 'none',
            fontWeight: 500,
          }}
        >
          {t('panel.title')}
        </Button>
        <IconButton
          size="small"
          aria-label={t('panel.refresh')}
          onClick={() => void refreshContacts(queryClient, userIndex)}
        >
          <RefreshIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('panel.menu')}
          aria-haspopup="menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={!!menuAnchor}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
        <Menu id={menuId} anchorEl={menuAnchor} open={!!menuAnchor} onClose={closeMenu}>
          {dialogs && menuItem(t('menu.newContact'), () => dialogs.newContact())}
          {dialogs && menuItem(t('menu.newGroup'), () => dialogs.newGroup())}
          {dialogs && menuItem(t('menu.import'), () => dialogs.importContacts())}
          <MenuItem component="a" href={contactsExportUrl(userIndex, 'vcf')} download onClick={closeMenu}>
            {t('menu.exportVcf')}
          </MenuItem>
          <MenuItem
            component="a"
            href={contactsExportUrl(userIndex, 'csv')}
            download
            onClick={closeMenu}
            title={t('menu.exportCsvHelp')}
          >
            {t('menu.exportCsv')}
          </MenuItem>
        </Menu>
      </Box>
      {open && (
        <Box id={listId} sx={{ mt: 0.5 }}>
          <TextField
            size="small"
            fullWidth
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('panel.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('panel.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ px: 1, mb: 0.5 }}
          />
          <ContactList
            userIndex={userIndex}
            query={query}
            height={280}
            onOpen={(id) => dialogs?.showContact(id)}
          />
        </Box>
      )}
      {!open && (
        <Typography component="span" sx={{ display: 'none' }}>
          {t('panel.collapsed')}
        </Typography>
      )}
    </Box>
  );
}
