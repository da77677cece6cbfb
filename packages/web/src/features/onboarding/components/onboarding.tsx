import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { productName, type UserDetails } from '@webmail/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserDetails } from '../../settings/api/get-user-details';
import { settingsKeys } from '../../settings/api/settings.keys';
import { useUpdateUserDetails } from '../../settings/api/update-user-details';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { layoutSizes } from '../../../shared/ui/layout-sizes';
import { onboardingStart } from '../lib/onboarding-start';

// The tour library is loaded only for the few who are shown the tour.
const OnboardingTour = lazy(async () => ({
  default: (await import('./onboarding-tour')).OnboardingTour,
}));

/**
 * First-use onboarding, in the base layout. Desktop users who have not completed it: those whose
 * initialVersion is 3 are welcomed by a modal (skip or start the tour), the others get the tour at once. Skip or
 * Done saves `onBoardingCompleted` and goes to the base-layout tab route. The screen turning mobile (below md)
 * closes it for this visit; it is never shown on mobile.
 */
export function Onboarding({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('onboarding');
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const details = useUserDetails(userIndex).data;
  const update = useUpdateUserDetails(userIndex);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const titleId = useId();
  const textId = useId();
  const [touring, setTouring] = useState(false);
  const [closed, setClosed] = useState(false);
  // Becoming mobile closes it (adjusted while rendering, the way React documents state that follows a prop).
  const [wasDesktop, setWasDesktop] = useState(desktop);
  if (wasDesktop !== desktop) {
    setWasDesktop(desktop);
    if (!desktop) setClosed(true);
  }

  const start = details && !closed ? onboardingStart(details.meta, desktop) : null;
  if (!start) return null;

  const end = () => {
    setClosed(true);
    // Completed at once: the base layout shown after the tab route must not offer it again while the save is out.
    const key = settingsKeys.details(userIndex);
    queryClient.setQueryData<UserDetails>(
      key,
      (d) => d && { ...d, meta: { ...d.meta, onBoardingCompleted: true } },
    );
    update.mutate(
      { onBoardingCompleted: true },
      {
        onError: () => {
          snackbar.show({ type: 'error', message: t('saveFailed') });
          void queryClient.invalidateQueries({ queryKey: key });
        },
      },
    );
    void navigate(appHref('BaseLayoutTab', { userIndex }));
  };

  if (start === 'tour' || touring) {
    return (
      <Suspense fallback={null}>
        <OnboardingTour userIndex={userIndex} onEnd={end} />
      </Suspense>
    );
  }
  return (
    <Dialog
      open
      // Escape skips, as the Skip button does; a click beside the dialog does nothing.
      onClose={(_event, reason) => reason === 'escapeKeyDown' && end()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ paper: { sx: { maxWidth: layoutSizes.dialogMaxWidth } } }}
    >
      <DialogTitle id={titleId}>{t('welcome.title', { product: productName })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('welcome.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={end}>{t('welcome.skip')}</Button>
        <Button variant="contained" autoFocus onClick={() => setTouring(true)}>
          {t('welcome.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
