import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ApplicationPassword } from '@webmail/contracts';
import { useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useDeleteAppPassword } from '../api/app-passwords';

function useLastUseText() {
  const dates = useDateFormat();
  const { t } = useTranslation('security');
  return (item: ApplicationPassword) =>
    item.lastUse
      ? t('asps.lastUse', {
          date: dates.full(new Date(item.lastUse.at)),
          ip: item.lastUse.ip,
          protocol: t(`protocols.${item.lastUse.protocol}`),
        })
      : t('asps.neverUsed');
}

export interface AppPasswordListProps {
  userIndex: number;
  items: ApplicationPassword[];
  /** How many passwords an account may have. */
  max: number;
}

/** The account's application passwords: scopes, creation, last use (date, address, protocol), and delete. */
export function AppPasswordList({ userIndex, items, max }: AppPasswordListProps) {
  const dates = useDateFormat();
  const { t } = useTranslation('security');
  const remove = useDeleteAppPassword(userIndex);
  const lastUseText = useLastUseText();
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('asps.listTitle', { count: items.length, max })}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2">{t('asps.none')}</Typography>
      ) : (
        <List aria-label={t('asps.listLabel')}>
          {items.map((item) => (
            <ListItem
              key={item.id}
              disableGutters
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('asps.delete', { name: item.description })}
                  onClick={() => remove.mutate(item.id)}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={item.description}
                secondary={
                  <>
                    {item.scopes.map((s) => t(`asps.scope.${s}`)).join(', ')} ·{' '}
                    {t('asps.created', { date: dates.full(new Date(item.createdAt)) })}
                    <br />
                    {lastUseText(item)}
                  </>
                }
                sx={{ pr: 6 }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
