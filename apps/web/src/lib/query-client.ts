import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, formatErrorMessage } from './api-client';

const MAX_RETRIES = 2;

/** What a query or mutation may tell the global error handler. */
export interface ErrorToastMeta extends Record<string, unknown> {
  /** Title of the toast shown when the call fails, e.g. 'Could not switch team'. */
  errorTitle?: string;
  /** Set when the screen shows the error itself (a form alert, a QueryError), so no toast doubles it. */
  isErrorShownInline?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorToastMeta;
    mutationMeta: ErrorToastMeta;
  }
}

/** Shows a failed call as a toast with the SPEC §8 message (or the server's own) for TOAST_TIMEOUT_MS. */
export function showErrorToast(error: unknown, title = 'Something did not work'): void {
  notifications.show({
    color: 'red',
    title,
    message: formatErrorMessage(error),
    autoClose: TOAST_TIMEOUT_MS,
  });
}

/**
 * Creates the app's query client: a client error (4xx) is final, a network or server error is retried
 * twice. Failed mutations become toasts unless their screen shows the error; a failed query becomes a
 * toast only when it already had data, because a first load shows its own error with a retry button.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.isErrorShownInline || query.state.data === undefined) return;
        showErrorToast(error, query.meta?.errorTitle ?? 'Could not refresh the data');
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.isErrorShownInline) return;
        showErrorToast(error, mutation.meta?.errorTitle);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
