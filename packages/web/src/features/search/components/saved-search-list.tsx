import CloseIcon from '@mui/icons-material/Close';
import SavedSearchOutlinedIcon from '@mui/icons-material/SavedSearchOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { isWithin } from '../../../shared/routing/app-paths';
import { searchHref } from '../../../shared/routing/mail-hrefs';
import { useDeleteSavedSearch, useSavedSearches } from '../api/saved-searches';

/**
 * A row spans what a folder row does (from the folder tree's toggle column to 8 px from the edge), so the two
 * highlights are one width; the delete button sits inside its end.
 */
const rowSx = { display: 'flex', alignItems: 'center', position: 'relative', pl: '28px', pr: 1 } as const;
const deleteSx = {
  position: 'absolute',
  right: 12,
  opacity: { xs: 1, md: 0 },
  '&:focus-visible': { opacity: 1 },
} as const;

export interface SavedSearchListProps {
  userIndex: number;
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

/**
 * Saved searches under the folders (the base layout puts them in the folder sidebar's slot): each opens as a
 * search and shows its unread count like a folder. Nothing is shown while there are none.
 */
export function SavedSearchList({ userIndex, onNavigate }: SavedSearchListProps) {
  const { t } = useTranslation('search');
  const saved = useSavedSearches(userIndex).data ?? [];
  const remove = useDeleteSavedSearch(userIndex);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = isWithin('MailboxSearch', pathname) ? params.get('search') : null;
  if (saved.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="saved-searches-title" sx={{ mt: 1 }}>
      <Typography
        id="saved-searches-title"
        variant="overline"
        component="h2"
        sx={{ display: 'block', px: 2.5, color: 'text.secondary', lineHeight: 2.5 }}
      >
        {t('saved.title')}
      </Typography>
      <List disablePadding>
        {saved.map((item) => {
          const unseen = item.unseen ?? 0;
          const countText = unseen > 0 ? t('saved.unseen', { count: unseen }) : null;
          return (
            <Box component="li" key={item.id} sx={{ ...rowSx, '&:hover .saved-delete': { opacity: 1 } }}>
              <ListItemButton
                component={RouterLink}
                to={searchHref(userIndex, item.query)}
                onClick={onNavigate}
                selected={current === item.query}
                aria-label={countText ? `${item.name}, ${countText}` : item.name}
                sx={{
                  borderRadius: '0 16px 16px 0',
                  minHeight: 32,
                  py: 0,
                  pl: 1,
                  pr: 5,
                  flex: 1,
                  minWidth: 0,
                }}
              >
                <SavedSearchOutlinedIcon
                  aria-hidden
                  fontSize="small"
                  sx={{ mr: 1.75, color: 'text.secondary' }}
                />
                <Typography noWrap variant="body2" sx={{ flex: 1, fontWeight: unseen > 0 ? 700 : 400 }}>
                  {item.name}
                </Typography>
                {/* The visible text reads "Name 3" as the name "Name, 3 unread" does, not "Name3". */}
                {unseen > 0 && ' '}
                {unseen > 0 && (
                  <Typography variant="caption" aria-hidden sx={{ fontWeight: 700, ml: 1 }}>
                    {unseen.toLocaleString()}
                  </Typography>
                )}
              </ListItemButton>
              <IconButton
                className="saved-delete"
                size="small"
                aria-label={t('saved.delete', { name: item.name })}
                onClick={() => remove.mutate(item.id)}
                sx={deleteSx}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          );
        })}
      </List>
    </Box>
  );
}
