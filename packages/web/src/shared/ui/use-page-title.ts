import { productName } from '@webmail/contracts';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/translation';

/**
 * Sets the document title to `{title} - Webmail`. `null` leaves the title alone — a parent route
 * passes it while a child route (e.g. an open message) owns the title; an empty title shows the product name.
 */
export function usePageTitle(title: string | null | undefined): void {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (title === null) return;
    document.title = title ? t('pageTitle', { title, product: productName }) : productName;
  }, [title, t]);
}
