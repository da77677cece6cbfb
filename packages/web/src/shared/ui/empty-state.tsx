import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A list with nothing in it: a large faint icon over the text, as the message list shows it, so every empty page
 * looks alike (not bare text in some and an icon in others).
 */
export function EmptyState({
  icon,
  text,
  compact = false,
}: {
  icon: ReactNode;
  text: string;
  compact?: boolean;
}) {
  return (
    <Box
      sx={{
        textAlign: 'center',
        px: 3,
        py: compact ? 3 : 6,
        color: 'text.secondary',
        '& .MuiSvgIcon-root': { fontSize: compact ? 40 : 56, opacity: 0.5, mb: 1 },
      }}
    >
      {icon}
      <Typography>{text}</Typography>
    </Box>
  );
}
