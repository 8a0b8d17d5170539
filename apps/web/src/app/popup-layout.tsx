import { Anchor, Box, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppLogo } from '../components/app-logo';
import { useLoggedUser } from './signed-in-user';
import { ImpersonationBar } from '../features/auth';
import { RequireUser } from './require-user';

const POPUP_WIDTH = 360;

/** The extension's popup (/ext/popup) behind the route guard. */
export function GuardedPopupLayout() {
  return (
    <RequireUser baseData="full">
      <PopupLayout />
    </RequireUser>
  );
}

/** The narrow frame of the extension's toolbar popup, with a way into the full app. */
export function PopupLayout() {
  const user = useLoggedUser();
  return (
    <Box w={POPUP_WIDTH} maw="100%" mih={480}>
      <ImpersonationBar user={user} />
      <Group component="header" justify="space-between" px="sm" py="xs" wrap="nowrap">
        <AppLogo size="md" />
        <Anchor href="/" target="_blank" rel="noopener" size="sm">
          Open GroupTrack
        </Anchor>
      </Group>
      <Box component="main" px="sm" pb="sm">
        <Outlet />
      </Box>
    </Box>
  );
}
