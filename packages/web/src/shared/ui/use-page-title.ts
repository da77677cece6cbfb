import { productName } from '@webmail/contracts';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/translation';
import { setPageTitleText } from './document-title';

/**
 * Sets the document title to `{title} - Webmail`. `null` leaves the title alone — a parent route
 * passes it while a child route (e.g. an open message) owns the title; an empty title shows the product name.
 * A count set with `setTitleCount` (document-title.ts) stays in front of it.
 */
export function usePageTitle(title: string | null | undefined): void {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (title === null) return;
    setPageTitleText(title ? t('pageTitle', { title, product: productName }) : productName);
  }, [title, t]);
}
