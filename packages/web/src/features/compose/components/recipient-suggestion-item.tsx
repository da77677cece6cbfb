import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HTMLAttributes } from 'react';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { useTranslation } from '../../../shared/i18n/translation';
import type { RecipientOption } from '../hooks/use-recipient-suggestions';

/**
 * One suggestion in the address field's list: the avatar, the name (or the address when there is none), and
 * under it the address of a person or the member count of a group. It owns only the row's look; choosing it
 * and turning it into chips stay with `AddressField`.
 */
export function RecipientSuggestionItem({
  optionProps,
  option,
}: {
  /** The list item's props from the Autocomplete, without its key. */
  optionProps: HTMLAttributes<HTMLLIElement>;
  option: RecipientOption;
}) {
  const { t } = useTranslation('compose');
  const { members, avatarUrl } = option;
  return (
    <Box
      component="li"
      {...optionProps}
      sx={{ display: 'flex !important', gap: 1.5, alignItems: 'center', minHeight: 48 }}
    >
      <UserAvatar name={option.name} address={option.address} image={avatarUrl} size={32} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          {option.name || option.address}
        </Typography>
        {members ? (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {t('chips.groupMembers', { count: members.length })}
          </Typography>
        ) : (
          option.name && (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {option.address}
            </Typography>
          )
        )}
      </Box>
    </Box>
  );
}
