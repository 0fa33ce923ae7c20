import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { QueryError } from './QueryError.tsx';
import { Spinner } from './Spinner.tsx';

/** How a failed load shows: its message and a way to try again. */
export type LoadErrorView = ComponentType<{ error: Error; onRetry: () => void }>;

/**
 * The states of a query before its data shows, written once for every screen: while it loads, a
 * spinner saying `loading` to screen readers (or `loading` itself when it is not text, e.g. a
 * skeleton); when it fails, the message with Try again (`LoadError` may show it otherwise, e.g. the
 * admin's stale session); when `isEmpty(data)`, `empty`; else `children(data)`.
 */
export function QueryState<T>({
  query,
  loading,
  LoadError = QueryError,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, Error>;
  loading: ReactNode;
  LoadError?: LoadErrorView;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return typeof loading === 'string' ? <Spinner label={loading} /> : loading;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
