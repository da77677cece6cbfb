import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import type { ListMode } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';

/** Conversations (one row per thread) or single messages. */
export function ListModeToggle({ mode, onChange }: { mode: ListMode; onChange: (mode: ListMode) => void }) {
  const { t } = useTranslation('messages');
  const options = [
    { value: 'conversations' as const, label: t('mode.conversations'), Icon: ForumOutlinedIcon },
    { value: 'messages' as const, label: t('mode.messages'), Icon: ViewListOutlinedIcon },
  ];
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={mode}
      aria-label={t('mode.label')}
      onChange={(_event, value: ListMode | null) => {
        if (value) onChange(value);
      }}
    >
      {options.map(({ value, label, Icon }) => (
        <Tooltip key={value} title={label}>
          <ToggleButton
            value={value}
            aria-label={label}
            sx={{ width: { xs: 48, sm: 36 }, height: { xs: 48, sm: 36 } }}
          >
            <Icon fontSize="small" />
          </ToggleButton>
        </Tooltip>
      ))}
    </ToggleButtonGroup>
  );
}
