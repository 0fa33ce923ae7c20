import type { I18n } from '@lingui/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { LocaleProvider } from './lib/i18n.tsx';

/**
 * What wraps the router both in the browser (main.tsx) and on the server (entry-server.tsx): the two
 * trees must be the same for hydration, so a provider added here is on both sides.
 */
export function Providers({
  client,
  i18n,
  children,
}: {
  client: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <LocaleProvider i18n={i18n}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </LocaleProvider>
    </StrictMode>
  );
}
