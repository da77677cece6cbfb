import Typography from '@mui/material/Typography';
import { formatFullDate, formatListDate } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';

/** A message's date (same day HH:mm, same week weekday + DD/MM, else DD/MM/YY); the full date on hover. */
export function MessageDate({ date }: { date: string }) {
  const { i18n } = useTranslation();
  return (
    <Typography
      component="time"
      dateTime={date}
      title={formatFullDate(date)}
      variant="body2"
      sx={{ color: 'text.secondary', flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      {formatListDate(date, i18n.language)}
    </Typography>
  );
}
