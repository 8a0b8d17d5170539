import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { useLoggedUser } from './signed-in-user';
import { ImpersonationBar } from '../features/auth';
import { RequireUser } from './require-user';

/** Signed-in screens outside the app's frame (/accept-terms, /authorize): only the user is needed. */
export function GuardedStandaloneLayout() {
  return (
    <RequireUser baseData="none">
      <StandaloneLayout />
    </RequireUser>
  );
}

function StandaloneLayout() {
  const user = useLoggedUser();
  return (
    <Box>
      <ImpersonationBar user={user} />
      <Outlet />
    </Box>
  );
}
