import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { useLoggedUser } from './signed-in-user';
import { ImpersonationBar } from '../features/auth';
import { RequireUser } from './require-user';

/** The extension's frames with the team's base data (/bex/sidebar, /bex/test, /bex/offscreen). */
export function GuardedExtensionLayout() {
  return (
    <RequireUser baseData="full">
      <ExtensionLayout />
    </RequireUser>
  );
}

/** The extension's overlay frame, which needs the user but no base data (SPEC §2). */
export function GuardedOverlayLayout() {
  return (
    <RequireUser baseData="none">
      <ExtensionLayout />
    </RequireUser>
  );
}

/** The minimal frame the extension shows inside social platforms: no header, no navigation. */
export function ExtensionLayout() {
  const user = useLoggedUser();
  return (
    <Box mih="100vh" bg="var(--gt-color-page)">
      <ImpersonationBar user={user} />
      <Box component="main" p="sm">
        <Outlet />
      </Box>
    </Box>
  );
}
