import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { productName } from '@webmail/contracts';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../shared/i18n/language-switcher';
import { Logo } from '../../shared/ui/logo';
import { OfflineBanner } from '../../shared/ui/offline-banner';

/** Layout of the sign-in pages (route AuthLayout): a centred card with the brand, and the language switcher. */
export function AuthLayout() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: { xs: 'flex-start', sm: 'center' },
        bgcolor: { xs: 'background.paper', sm: 'background.default' },
        px: { xs: 0, sm: 2 },
        py: { xs: 0, sm: 4 },
      }}
    >
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: { sm: 448 },
          borderStyle: { xs: 'none', sm: 'solid' },
          borderRadius: { xs: 0, sm: '28px' },
          px: { xs: 3, sm: 5 },
          pt: { xs: 5, sm: 5 },
          pb: { xs: 3, sm: 4 },
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 4 }}>
          <Logo size={36} />
          <Typography component="p" variant="h6" sx={{ fontWeight: 500, letterSpacing: 0.2 }}>
            {productName}
          </Typography>
        </Stack>
        <Box sx={{ mb: 3, '&:empty': { display: 'none' } }}>
          <OfflineBanner context="signIn" rounded />
        </Box>
        <Outlet />
      </Paper>
      <Box
        component="footer"
        sx={{
          width: '100%',
          maxWidth: { sm: 448 },
          display: 'flex',
          justifyContent: 'flex-end',
          px: 1,
          py: 1,
        }}
      >
        <LanguageSwitcher />
      </Box>
    </Box>
  );
}
