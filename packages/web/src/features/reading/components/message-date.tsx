import Typography from '@mui/material/Typography';
import { useDateFormat } from '../../../shared/format/format-date';

/** A message's date (same day HH:mm, same week weekday + DD/MM, else DD/MM/YY); the full date on hover. */
export function MessageDate({ date }: { date: string }) {
  const dates = useDateFormat();
  return (
    <Typography
      component="time"
      dateTime={date}
      title={dates.full(date)}
      variant="body2"
      sx={{ color: 'text.secondary', flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      {dates.list(date)}
    </Typography>
  );
}
