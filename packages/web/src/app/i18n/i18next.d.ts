import 'i18next';
import type { NamespaceResources } from './namespaces';

// Keys are checked at compile time against the English catalogue; the locale test keeps the others complete.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: NamespaceResources;
  }
}
