import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import DateRangeIcon from '@mui/icons-material/DateRange';
import HistoryIcon from '@mui/icons-material/History';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { usePartySuggestions } from '../api/get-party-suggestions';
import { useDeleteRecentSearch, useRecentSearches } from '../api/recent-searches';
import {
  chipTerm,
  hasTerm,
  quickChipIds,
  wordBeingTyped,
  type ChipContext,
  type QuickChipId,
} from '../lib/search-terms';

const chipIcons: Record<QuickChipId, ComponentType<SvgIconProps>> = {
  hasAttachment: AttachFileIcon,
  last7Days: DateRangeIcon,
  fromMe: SendOutlinedIcon,
  unread: MarkEmailUnreadOutlinedIcon,
  starred: StarBorderIcon,
};

export interface SearchQuickViewProps {
  userIndex: number;
  text: string;
  chipContext: ChipContext | null;
  /** The query's problems, when the user tried to search with them. */
  errorText: string | null;
  onChip: (term: string) => void;
  onPerson: (start: number, address: string) => void;
  onRecent: (query: string) => void;
}

const sectionTitle = { px: 2, pt: 1.5, pb: 0.5, color: 'text.secondary', display: 'block' } as const;

/** The dropdown's quick view: the chips, people matching the word being typed, and the recent searches. */
export function SearchQuickView(props: SearchQuickViewProps) {
  const { userIndex, text, chipContext, errorText } = props;
  const { t } = useTranslation('search');
  const typed = wordBeingTyped(text);
  const people = usePartySuggestions(userIndex, typed?.word ?? '').data ?? [];
  const recent = useRecentSearches(userIndex).data ?? [];
  const deleteRecent = useDeleteRecentSearch(userIndex);

  return (
    <Box sx={{ pb: 1 }}>
      <Box
        role="group"
        aria-label={t('chips.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, pt: 2 }}
      >
        {quickChipIds.map((id) => {
          const Icon = chipIcons[id];
          const term = chipContext ? chipTerm(id, chipContext) : null;
          const active = term !== null && hasTerm(text, term);
          return (
            <Chip
              key={id}
              icon={<Icon fontSize="small" />}
              label={t(`chips.${id}`)}
              variant={active ? 'filled' : 'outlined'}
              color={active ? 'primary' : 'default'}
              disabled={term === null}
              aria-pressed={active}
              onClick={() => term && props.onChip(term)}
            />
          );
        })}
      </Box>
      {errorText && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main', px: 2, pt: 1.5 }}>
          {errorText}
        </Typography>
      )}
      {typed && people.length > 0 && (
        <>
          <Typography variant="overline" component="h3" sx={sectionTitle}>
            {t('people.title')}
          </Typography>
          <List dense disablePadding>
            {people.map((person) => (
              <ListItemButton key={person.id} onClick={() => props.onPerson(typed.start, person.address)}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <PersonOutlinedIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={t('people.from', { name: person.name || person.address })}
                  secondary={person.name ? person.address : null}
                />
              </ListItemButton>
            ))}
          </List>
        </>
      )}
      {recent.length > 0 && (
        <>
          <Typography variant="overline" component="h3" sx={sectionTitle}>
            {t('recent.title')}
          </Typography>
          <List dense disablePadding>
            {recent.map((item) => (
              <ListItem
                key={item.id}
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t('recent.delete', { query: item.search_query })}
                    onClick={() => deleteRecent.mutate(item.id)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemButton onClick={() => props.onRecent(item.search_query)}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <HistoryIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={item.search_query}
                    secondary={item.searchEmails[0]?.subject ?? null}
                    slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
