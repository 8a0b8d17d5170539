import { Alert } from '@mantine/core';
import { formatErrorMessage } from '../../../lib/api-client';

/** A failed change, in the server's words, where it was made. */
export function ErrorAlert({ title, error }: { title: string; error: unknown }) {
  if (error == null) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert" p="xs">
      {formatErrorMessage(error)}
    </Alert>
  );
}
