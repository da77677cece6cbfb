import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { productName } from '@webmail/contracts';
import { Link as RouterLink, Outlet } from 'react-router';
import { AccountMenu } from '../../features/accounts/components/account-menu';
import { useMe } from '../../features/auth/api/get-me';
import { useTranslation } from '../../shared/i18n/translation';
import { hasActiveSession, userHomePath } from '../../shared/session/session';
import { useUserIndex } from '../../shared/session/use-user-index';
import { Logo } from '../../shared/ui/logo';

/**
 * Route BaseLayoutTab (/u/:userIndex/tab): pages opened in a browser tab of their own (a conversation, a message's
 * source, print views). No sidebar and no app chrome: a slim bar with the product logo (home, as in the base
 * layout) and the account, which print leaves out. The session rule applies as in the base layout (its loader).
 */
export function TabLayout() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('common');
  const me = useMe(userIndex);
  const homeHref = hasActiveSession(userIndex) ? userHomePath(userIndex) : null;
  const brand = (
    <>
      <Logo size={28} />
      <Typography component="span" sx={{ fontSize: 18, letterSpacing: 0.1 }}>
        {productName}
      </Typography>
    </>
  );
  const brandSx = {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    color: 'text.primary',
    borderRadius: 2,
    p: 0.5,
  };

  return (
    <Box
      sx={{
        height: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        '@media print': { height: 'auto', display: 'block' },
      }}
    >
      <AppBar
        position="static"
        sx={{
          bgcolor: 'background.default',
          backgroundImage: 'none',
          borderBottom: 1,
          borderColor: 'divider',
          displayPrint: 'none',
        }}
      >
        <Toolbar variant="dense" sx={{ minHeight: 52, gap: 1, px: { xs: 1, sm: 2 } }}>
          {homeHref ? (
            <Box
              component={RouterLink}
              to={homeHref}
              aria-label={t('layout.home', { product: productName })}
              sx={{
                ...brandSx,
                textDecoration: 'none',
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
              }}
            >
              {brand}
            </Box>
          ) : (
            <Box sx={brandSx}>{brand}</Box>
          )}
          <Box sx={{ flex: 1 }} />
          <AccountMenu userIndex={userIndex} user={me.data} />
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          display: 'flex',
          '@media print': { overflow: 'visible' },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
