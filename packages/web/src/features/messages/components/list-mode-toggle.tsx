import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import type { ListMode } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { Tooltip } from '../../../shared/ui/tooltip';

/**
 * Conversations (one row per thread) or single messages: two toggle buttons joined as MUI's `ToggleButtonGroup`
 * draws them, each a tab stop. Not that group: it registers its buttons in its state from their refs while React
 * commits, and on the mailbox's first page that made React run every effect of the page in the commit's long task.
 */
export function ListModeToggle({ mode, onChange }: { mode: ListMode; onChange: (mode: ListMode) => void }) {
  const { t } = useTranslation('messages');
  const options = [
    { value: 'conversations' as const, label: t('mode.conversations'), Icon: ForumOutlinedIcon },
    { value: 'messages' as const, label: t('mode.messages'), Icon: ViewListOutlinedIcon },
  ];
  return (
    <Box role="group" aria-label={t('mode.label')} sx={joined}>
      {options.map(({ value, label, Icon }) => (
        <Tooltip key={value} title={label}>
          <ToggleButton
            value={value}
            size="small"
            selected={mode === value}
            onChange={() => {
              if (mode !== value) onChange(value);
            }}
            aria-label={label}
            sx={{ width: { xs: 48, sm: 36 }, height: { xs: 48, sm: 36 } }}
          >
            <Icon fontSize="small" />
          </ToggleButton>
        </Tooltip>
      ))}
    </Box>
  );
}

const joined = {
  display: 'inline-flex',
  '& > .MuiToggleButton-root:not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
  '& > .MuiToggleButton-root:not(:first-of-type)': {
    ml: '-1px',
    borderLeft: '1px solid transparent',
    borderTopLeftRadius: 0,
    borderBottomLeftRadius: 0,
  },
  '& > .MuiToggleButton-root.Mui-focusVisible': { zIndex: 1 },
} as const;
