import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { productName } from '@webmail/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../shared/i18n/translation';
import { Logo } from '../../shared/ui/logo';

const rowSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1.25,
  px: 2.5,
  py: 2,
  color: 'text.primary',
  textDecoration: 'none',
} as const;

/**
 * Brand row at the top of the mobile drawer, linking home like the app bar logo; clicking it closes the drawer.
 * Without an active session it is no link.
 */
export function SidebarHeader({ homeHref, onNavigate }: { homeHref: string | null; onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const brand = (
    <>
      <Logo size={32} />
      <Typography component="span" sx={{ fontSize: 20 }}>
        {productName}
      </Typography>
    </>
  );
  if (homeHref === null) return <Box sx={rowSx}>{brand}</Box>;
  return (
    <Box
      component={RouterLink}
      to={homeHref}
      onClick={onNavigate}
      aria-label={t('layout.home', { product: productName })}
      sx={rowSx}
    >
      {brand}
    </Box>
  );
}
