import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * Theme, toasts and the server-state cache around the whole app. The colour scheme follows the system
 * unless the account menu chose one (kept in this browser; public/color-scheme.js applies it first).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Notifications position="bottom-right" autoClose={TOAST_TIMEOUT_MS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
