import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { productName } from '@webmail/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../i18n/translation';
import { Logo } from './logo';

export interface BrandLinkProps {
  /** Where the logo leads (the base layout of the current user); null when no session is active. */
  homeHref: string | null;
  onClick?: () => void;
  /** The slim bar of the tab layout uses a smaller mark. */
  compact?: boolean;
}

/** The product logo and name, linked home when a session is active (the base layout of the current user). */
export function BrandLink({ homeHref, onClick, compact = false }: BrandLinkProps) {
  const { t } = useTranslation('common');
  const brandSx = {
    display: 'flex',
    alignItems: 'center',
    gap: compact ? 1 : 1.25,
    color: 'text.primary',
    borderRadius: 2,
    ...(compact ? { p: 0.5 } : { pr: 1, pl: { xs: 0.5, md: 1 }, py: 0.5 }),
  } as const;
  const brand = (
    <>
      <Logo size={compact ? 28 : 34} />
      <Typography component="span" sx={{ fontSize: compact ? 18 : 22, fontWeight: 400, letterSpacing: 0.1 }}>
        {productName}
      </Typography>
    </>
  );
  if (homeHref === null) return <Box sx={brandSx}>{brand}</Box>;
  return (
    <Box
      component={RouterLink}
      to={homeHref}
      onClick={onClick}
      aria-label={t('layout.home', { product: productName })}
      sx={{
        ...brandSx,
        textDecoration: 'none',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {brand}
    </Box>
  );
}
