import type { UserDetails } from '@webmail/contracts';

/** The app version whose new users are greeted by the welcome modal before the tour. */
export const welcomeVersion = 3;

/** How onboarding begins: with the welcome modal (skip or start), with the tour itself, or not at all. */
export type OnboardingStart = 'welcome' | 'tour' | null;

/**
 * The first-use onboarding runs only on desktop and only until it is completed; users who started at version 3 get the welcome modal,
 * users of any other version the tour opened directly.
 */
export function onboardingStart(
  meta: Pick<UserDetails['meta'], 'onBoardingCompleted' | 'initialVersion'>,
  desktop: boolean,
): OnboardingStart {
  if (!desktop || meta.onBoardingCompleted) return null;
  return meta.initialVersion === welcomeVersion ? 'welcome' : 'tour';
}
