import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { ImpersonateForm, OperatorSignIn } from '../features/auth';
import { savePendingInviteCode } from '../lib/pending-invite';
import { usePageTitle } from '../lib/page-title';

/**
 * /secret-login/:action?/:inviteCode?: a super user signs in, then signs in as the user they help.
 * An invite code in the address is kept for that user, as on /login.
 */
export function SecretLoginRoute() {
  usePageTitle('Login');
  const { inviteCode } = useParams();
  const queryClient = useQueryClient();
  const [operatorName, setOperatorName] = useState<string | null>(null);

  useEffect(() => {
    if (inviteCode) savePendingInviteCode(inviteCode);
  }, [inviteCode]);

  if (operatorName) {
    return (
      <AuthCard title="Sign in as a user" subtitle={`Signed in as ${operatorName}. Whom do you help?`}>
        <ImpersonateForm
          onImpersonating={() => {
            // A full load drops everything cached for the operator; the app starts as the other user.
            queryClient.clear();
            window.location.assign('/');
          }}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Support sign-in" subtitle="Sign in with your admin account to help a user.">
      <OperatorSignIn continueLabel="Continue" onSuperUser={(user) => setOperatorName(user.name)} />
      <Text size="xs" c="dimmed" ta="center">
        Every sign-in as another user is recorded with its reason.
      </Text>
    </AuthCard>
  );
}
