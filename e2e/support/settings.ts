import { expect, type Locator } from '@playwright/test';

/**
 * Clicks a settings radio and waits until it shows as chosen. Not `check()`: that looks right after the click,
 * but the choice shows when the settings store re-renders its readers, a timer tick later (longer on a busy
 * machine).
 */
export async function pick(radio: Locator): Promise<void> {
  await radio.click();
  await expect(radio).toBeChecked();
}
