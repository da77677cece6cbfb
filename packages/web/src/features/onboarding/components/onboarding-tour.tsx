import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useRef } from 'react';
import { Joyride, STATUS, type EventData, type Step, type TooltipRenderProps } from 'react-joyride';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref, isWithin } from '../../../shared/routing/app-paths';
import { tourTarget } from '../../../shared/ui/tour-anchors';

/** The tour's five steps; each names its text (`steps.{id}`) and where it points. */
type TourStepId = 'intro' | 'folders' | 'quickSettings' | 'allSettings' | 'security';

const tooltipWidth = 380;

/** How long a step waits for the page it opens (and the element it points at) to be drawn. */
const pageWaitMs = 15_000;

/** Resolves once an element matches `selector` (at once when one does), or after `timeoutMs` regardless. */
function appeared(selector: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (document.querySelector(selector)) return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector)) done();
    });
    const timer = setTimeout(done, timeoutMs);
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

export interface OnboardingTourProps {
  userIndex: number;
  /** Skip (the skip button or Escape) or Done on the last step: the tour is over either way. */
  onEnd: () => void;
}

/**
 * The onboarding tour on react-joyride: an intro in the middle of the screen, then the folder tree, the
 * quick-settings cog, the settings gear and the Security entry of the settings (the last step opens the security
 * page; the folders step comes back from settings). Each step is a labelled dialog with focus kept inside it;
 * Next advances, the last step's button reads Done, Skip and Escape end it.
 */
export function OnboardingTour({ userIndex, onEnd }: OnboardingTourProps) {
  const { t } = useTranslation('onboarding');
  const theme = useTheme();
  const navigate = useNavigate();

  const steps = useMemo<Step[]>(() => {
    const step = (
      id: TourStepId,
      target: string,
      placement: Step['placement'],
      extra: Partial<Step> = {},
    ) => ({
      id,
      target,
      placement,
      title: t(`steps.${id}.title`),
      content: t(`steps.${id}.text`),
      ...extra,
    });
    return [
      step('intro', 'body', 'center'),
      step('folders', tourTarget('folders'), 'right-start', {
        // The folder list starts at the sidebar's top, already in view: scrolling it to the step's offset only cut
        // Inbox in half.
        skipScroll: true,
        // Back from the security page: the folder tree is in the mail view.
        before: async () => {
          if (isWithin('SettingsLayout', window.location.pathname)) {
            await navigate(appHref('BaseLayout', { userIndex }));
            await appeared(tourTarget('folders'), pageWaitMs);
          }
        },
      }),
      step('quickSettings', tourTarget('quick-settings'), 'bottom-end'),
      // Every setting is behind the same gear, under its "All settings".
      step('allSettings', tourTarget('quick-settings'), 'bottom-end'),
      step('security', tourTarget('security'), 'right', {
        before: async () => {
          await navigate(appHref('Settings2FA', { userIndex }));
          // The settings area may still be loading (its code comes on demand).
          await appeared(tourTarget('security'), pageWaitMs);
        },
      }),
    ];
  }, [t, navigate, userIndex]);

  // Several events of one ending report it (the step's end, the tour's end): it is ended once.
  const ended = useRef(false);
  const onEvent = (data: EventData) => {
    // Escape closes the tour as Skip does; Done on the last step finishes it.
    const ending =
      data.action === 'close' || data.status === STATUS.SKIPPED || data.status === STATUS.FINISHED;
    if (!ending || ended.current) return;
    ended.current = true;
    onEnd();
  };

  return (
    <Joyride
      run
      continuous
      steps={steps}
      onEvent={onEvent}
      tooltipComponent={TourTooltip}
      options={{
        skipBeacon: true,
        overlayClickAction: false,
        blockTargetInteraction: true,
        dismissKeyAction: 'close',
        beforeTimeout: pageWaitMs,
        targetWaitTimeout: pageWaitMs,
        arrowColor: theme.palette.background.paper,
        zIndex: theme.zIndex.modal + 10,
        width: tooltipWidth,
      }}
    />
  );
}

/** One step: its title, text and progress, and Skip, Back and Next (Done on the last). */
function TourTooltip({ index, size, isLastStep, step, controls, tooltipProps }: TooltipRenderProps) {
  const { t } = useTranslation('onboarding');
  const titleId = useId();
  const textId = useId();
  return (
    <Paper
      {...tooltipProps}
      aria-labelledby={titleId}
      aria-describedby={textId}
      elevation={8}
      // No elevation tint in dark mode: the arrow has the paper's own colour.
      sx={{
        p: 2.5,
        width: tooltipWidth,
        maxWidth: 'calc(100vw - 32px)',
        borderRadius: 2,
        backgroundImage: 'none',
        '& .MuiButton-root': { whiteSpace: 'nowrap' },
      }}
    >
      <Typography variant="overline" sx={{ color: 'text.secondary' }}>
        {t('progress', { current: index + 1, total: size })}
      </Typography>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {step.title}
      </Typography>
      <Typography id={textId} variant="body2" sx={{ color: 'text.secondary' }}>
        {step.content}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 2.5 }}>
        {!isLastStep && (
          <Button onClick={() => controls.skip('button_skip')} sx={{ mr: 'auto' }}>
            {t('skip')}
          </Button>
        )}
        {index > 0 && (
          <Button variant="outlined" onClick={() => controls.prev('button_back')}>
            {t('back')}
          </Button>
        )}
        <Button variant="contained" autoFocus onClick={() => controls.next('button_primary')}>
          {isLastStep ? t('done') : t('next')}
        </Button>
      </Box>
    </Paper>
  );
}
