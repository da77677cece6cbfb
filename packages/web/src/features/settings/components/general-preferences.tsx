import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { afterRemoveChoices } from '@webmail/contracts';
import { useId, useMemo } from 'react';
import { browserTimeZone, useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSettingsSaver } from '../hooks/use-settings-saver';
import { ChoiceGroup } from './choice-group';
import { StoredSettingsForm, type StoredSettingsFormProps } from './stored-settings-form';
import { settingsFieldWidth } from '../lib/field-width';

/** Every IANA zone the browser knows, each with its current offset from UTC ("Europe/Helsinki (UTC+02:00)"). */
function timeZoneOptions(): { zone: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes('UTC') ? zones : ['UTC', ...zones];
  const now = new Date();
  return all.map((zone) => {
    const offset =
      new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(now)
        .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    return { zone, label: `${zone.replaceAll('_', ' ')} (${offset.replace('GMT', 'UTC')})` };
  });
}

/**
 * The General page's settings kept with the account, besides the language: the time zone dates are shown in (a
 * searchable list), where the reader goes after a move or delete, and the keyboard shortcuts. Saved 1 s after the
 * last change; a failed save puts the previous values back with a notice.
 */
export function GeneralPreferences({ userIndex }: { userIndex: number }) {
  return <StoredSettingsForm userIndex={userIndex} form={PreferencesForm} />;
}

function PreferencesForm({ userIndex, details, config }: StoredSettingsFormProps) {
  const { t } = useTranslation('settings');
  const save = useSettingsSaver(userIndex);
  const dates = useDateFormat();
  const options = useMemo(() => timeZoneOptions(), []);
  const zone = details.timezone ?? browserTimeZone();
  const selected = options.find((option) => option.zone === zone) ?? { zone, label: zone };
  const shortcutsHelp = useId();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Autocomplete
        options={options}
        value={selected}
        disableClearable
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(option, value) => option.zone === value.zone}
        noOptionsText={t('general.timeZone.noMatch')}
        onChange={(_event, option) => save({ details: { timezone: option.zone } })}
        sx={{ maxWidth: settingsFieldWidth }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('general.timeZone.label')}
            helperText={`${t('general.timeZone.help')} ${t('general.timeZone.example', { date: dates.full(new Date()) })}`}
          />
        )}
      />
      <ChoiceGroup
        label={t('general.afterRemove.label')}
        value={config.afterRemove}
        choices={afterRemoveChoices.map((value) => ({ value, label: t(`general.afterRemove.${value}`) }))}
        onChange={(afterRemove) => save({ config: { afterRemove } })}
      />
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={config.shortcuts}
              onChange={(event) => save({ config: { shortcuts: event.target.checked } })}
              slotProps={{ input: { 'aria-describedby': shortcutsHelp } }}
            />
          }
          label={<Typography>{t('general.shortcuts.label')}</Typography>}
        />
        <FormHelperText id={shortcutsHelp} sx={{ ml: 0, mt: 0.5, fontSize: '0.875rem' }}>
          {t('general.shortcuts.help')}
        </FormHelperText>
      </Box>
    </Box>
  );
}
