import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import type { LoggedUser } from '../../../app/signed-in-user';
import { useSession } from '../api/get-session';
import { requireSuperSession } from '../api/require-super-session';
import { SignInForm } from './sign-in-form';
import { SignedInNotice } from './signed-in-notice';

export interface OperatorSignInProps {
  continueLabel: string;
  /** Runs once a super user is signed in. */
  onSuperUser: (user: LoggedUser) => Promise<void> | void;
}

/**
 * Sign-in for operators: whoever signs in (or already is) must hold the super permission; anyone else
 * is signed out again with a message saying so.
 */
export function OperatorSignIn({ continueLabel, onSuperUser }: OperatorSignInProps) {
  const queryClient = useQueryClient();
  const session = useSession();
  const [refusal, setRefusal] = useState<string | null>(null);

  const checkAndContinue = async () => {
    setRefusal(null);
    try {
      const user = await requireSuperSession(queryClient);
      await onSuperUser(user);
    } catch (error) {
      if (!isApiError(error, 403)) throw error;
      setRefusal(error.message);
    }
  };

  return (
    <Stack gap="md">
      {refusal && (
        <Alert color="red" variant="light" title="No admin access" role="alert">
          {refusal}
        </Alert>
      )}
      {session.isPending ? (
        <Stack gap="md">
          <Skeleton height={60} />
          <Skeleton height={60} />
        </Stack>
      ) : session.data ? (
        <SignedInNotice session={session.data} continueLabel={continueLabel} onContinue={checkAndContinue} />
      ) : (
        <SignInForm forgotPath="/login/forgot" onSignedIn={checkAndContinue} />
      )}
    </Stack>
  );
}
