import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/translation';
import { pageFallback, type PageQuery } from './load-failed-alert';

export interface QueryFallbackProps {
  query: PageQuery;
  /** What the view says when reading failed and the error carries no reason of its own. */
  loadFailed: string;
  /** What shows while reading (a skeleton shaped like the data); the pane loader by default. */
  loading?: ReactNode;
}

export interface QueryViewProps<T> extends QueryFallbackProps {
  query: PageQuery<T>;
  children: (data: T) => ReactNode;
}

/**
 * The one frame of a view drawn from a query: the loader while reading, the error with Retry when reading failed
 * (Retry reads again), the data once there is some (data read before stays shown when a later read fails).
 */
export function QueryView<T>({ query, children, ...frame }: QueryViewProps<T>) {
  if (query.data !== undefined) return children(query.data);
  return <QueryFallback query={query} {...frame} />;
}

/** The frame without its data: for a page that returns early until its query has data. */
export function QueryFallback({ query, loadFailed, loading }: QueryFallbackProps) {
  const { t } = useTranslation('common');
  return pageFallback(query, { loadFailed, retry: t('actions.retry') }, loading);
}
