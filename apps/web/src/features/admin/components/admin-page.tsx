import { Tabs, Text, Title, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AppVersionTab } from './app-version-tab';
import { ExtensionTab } from './extension-tab';
import { MailOutboxTab } from './mail-outbox-tab';
import { NotificationsTab } from './notifications-tab';
import { TeamsTab } from './teams-tab';
import { UsersTab } from './users-tab';

export type AdminPageTab = 'users' | 'teams' | 'notifications' | 'app-version' | 'mail-outbox' | 'extension';

const TABS: { value: AdminPageTab; label: string }[] = [
  { value: 'users', label: 'Users' },
  { value: 'teams', label: 'Teams' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'app-version', label: 'App version' },
  { value: 'mail-outbox', label: 'Mail outbox' },
  { value: 'extension', label: 'Extension' },
];

export interface AdminPageProps {
  tab: AdminPageTab;
}

/** /admin/:tab: the operators' pages for the whole installation (super permission; the route checks it). */
export function AdminPage({ tab }: AdminPageProps) {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={500}>
          Operators
        </Text>
        <Title order={1} size="h2">
          Admin
        </Title>
      </Stack>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value && value !== tab) void navigate(`/admin/${value}`);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg" aria-label="Admin sections">
          {TABS.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="users">{tab === 'users' && <UsersTab />}</Tabs.Panel>
        <Tabs.Panel value="teams">{tab === 'teams' && <TeamsTab />}</Tabs.Panel>
        <Tabs.Panel value="notifications">{tab === 'notifications' && <NotificationsTab />}</Tabs.Panel>
        <Tabs.Panel value="app-version">{tab === 'app-version' && <AppVersionTab />}</Tabs.Panel>
        <Tabs.Panel value="mail-outbox">{tab === 'mail-outbox' && <MailOutboxTab />}</Tabs.Panel>
        <Tabs.Panel value="extension">{tab === 'extension' && <ExtensionTab />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
