import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatErrorMessage } from '../../../lib/api-client';
import { sessionQueryKey } from '../api/get-session';
import type { AuthSession } from '../api/get-session';
import { signOut } from '../api/sign-out';

export interface SignedInNoticeProps {
  session: AuthSession;
  continueLabel: string;
  onContinue: () => Promise<void>;
}

/** Shown on the sign-in page to someone already signed in: go on as them, or switch account. */
export function SignedInNotice({ session, continueLabel, onContinue }: SignedInNoticeProps) {
  const queryClient = useQueryClient();
  const proceed = useMutation({ mutationFn: onContinue, meta: { isErrorShownInline: true } });
  const switchAccount = useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: signOut,
    onSuccess: () => queryClient.setQueryData(sessionQueryKey, null),
  });
  const error = proceed.error ?? switchAccount.error;

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {formatErrorMessage(error)}
        </Alert>
      )}
      <Text size="sm">
        You are signed in as <strong>{session.user.name}</strong> ({session.user.email}).
      </Text>
      <Button fullWidth loading={proceed.isPending} onClick={() => proceed.mutate()}>
        {continueLabel}
      </Button>
      <Button
        fullWidth
        variant="default"
        loading={switchAccount.isPending}
        onClick={() => switchAccount.mutate()}
      >
        Use another account
      </Button>
    </Stack>
  );
}
