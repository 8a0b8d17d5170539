import { Anchor, Center, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { QueryError } from '../components/query-error';
import { useSignOut } from '../features/auth';
import { usePageTitle } from '../lib/page-title';

/** /logout: signs out and goes to the sign-in page. */
export function LogoutRoute() {
  usePageTitle('Logout');
  const navigate = useNavigate();
  const { mutate: signOut, error, isError, isPending } = useSignOut();

  useEffect(() => {
    signOut(undefined, { onSuccess: () => void navigate('/login', { replace: true }) });
  }, [signOut, navigate]);

  if (!isError) return <FullPageLoader label="Signing out…" />;
  return (
    <Center mih="100vh" p="md">
      <Stack maw={480} w="100%">
        <QueryError
          title="Could not sign out"
          error={error}
          isRetrying={isPending}
          onRetry={() => signOut(undefined, { onSuccess: () => void navigate('/login', { replace: true }) })}
        />
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login">
            Go to the sign-in page
          </Anchor>
        </Text>
      </Stack>
    </Center>
  );
}
