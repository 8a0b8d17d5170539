import { Anchor, AppShell, Box, Burger, Group, ScrollArea, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { AppLogo } from '../components/app-logo';
import { useLoggedUser } from './signed-in-user';
import { IMPERSONATION_BAR_HEIGHT, ImpersonationBar, TeamSwitcher } from '../features/auth';
import { TrialBadge } from '../features/billing';
import { CommandPalette, KeyboardShortcuts } from '../features/command-palette';
import { GlobalSearch } from '../features/global-search';
import { NotificationBell, NotificationCenter } from '../features/notifications';
import {
  AppNavigation,
  ExtensionStatusProvider,
  UserMenu,
  VersionBanner,
  useAppUpdates,
  useHelpWidget,
} from '../features/shell';
import { useAppConfig } from '../lib/app-config';
import { useTeamResync } from '../lib/team-events';
import { RequireUser } from './require-user';
import { useChangeEvents } from './use-change-events';

const HEADER_HEIGHT = 60;
const MAIN_CONTENT_ID = 'main-content';

/** The signed-in app: the route guard with full base data around the main layout. */
export function GuardedMainLayout() {
  return (
    <RequireUser baseData="full">
      <MainLayout />
    </RequireUser>
  );
}

/** Header, navigation to every area, and the page; a burger menu on phones. */
export function MainLayout() {
  const user = useLoggedUser();
  const [isNavOpen, nav] = useDisclosure(false);
  const { updatedVersion } = useAppUpdates();
  useTeamResync(user.currentTeam.teamUID);
  useChangeEvents(user.currentTeam.teamUID);
  useHelpWidget(useAppConfig().data?.helpWidgetUrl);
  const barHeight = user.impersonatedBy ? IMPERSONATION_BAR_HEIGHT : 0;

  return (
    <ExtensionStatusProvider>
      <AppShell
        header={{ height: HEADER_HEIGHT + barHeight }}
        navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
        padding="lg"
        bg="var(--gt-color-page)"
      >
        <AppShell.Header>
          <Anchor href={`#${MAIN_CONTENT_ID}`} className="skip-link">
            Skip to content
          </Anchor>
          <ImpersonationBar user={user} />
          <Group h={HEADER_HEIGHT} px="md" gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={isNavOpen ? 'Close navigation' : 'Open navigation'}
              aria-expanded={isNavOpen}
              aria-controls="main-navigation"
            />
            <Anchor component={Link} to="/" underline="never" c="inherit">
              <AppLogo isWordCollapsible />
            </Anchor>
            <Box flex={1} data-slot="global-search">
              <GlobalSearch teamUID={user.currentTeam.teamUID} />
            </Box>
            <TrialBadge user={user} />
            <TeamSwitcher user={user} visibleFrom="sm" />
            <NotificationBell teamUID={user.currentTeam.teamUID} />
            <NotificationCenter />
            <UserMenu name={user.name} email={user.email} photoURL={user.photoURL} />
          </Group>
        </AppShell.Header>

        <AppShell.Navbar id="main-navigation" aria-label="Main navigation" p="sm">
          <AppShell.Section hiddenFrom="sm" mb="sm">
            <TeamSwitcher user={user} fullWidth />
          </AppShell.Section>
          <AppShell.Section grow component={ScrollArea} type="auto">
            <AppNavigation isSuper={user.claims.super} onNavigate={nav.close} />
          </AppShell.Section>
        </AppShell.Navbar>

        <CommandPalette teamUID={user.currentTeam.teamUID} />
        <KeyboardShortcuts />
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          {updatedVersion && <VersionBanner version={updatedVersion} />}
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </ExtensionStatusProvider>
  );
}

function PageSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the page">
      <Skeleton height={36} width="40%" />
      <Skeleton height={200} />
    </Stack>
  );
}
