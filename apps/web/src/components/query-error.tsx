import { Alert, Button, Group, Text } from '@mantine/core';
import { formatErrorMessage } from '../lib/api-client';

export interface QueryErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  isRetrying?: boolean;
}

/** A failed load: what went wrong and a way to try again. */
export function QueryError({ title, error, onRetry, isRetrying = false }: QueryErrorProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{formatErrorMessage(error)}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={isRetrying}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
