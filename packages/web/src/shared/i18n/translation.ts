/**
 * The app's single entry to the i18n library: components import translation hooks from here,
 * so replacing react-i18next touches one file.
 */
export { Trans, useTranslation } from 'react-i18next';
export type { TFunction } from 'i18next';
