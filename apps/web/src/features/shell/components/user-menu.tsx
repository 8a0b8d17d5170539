import { Avatar, Group, Menu, Text, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import type { MantineColorScheme } from '@mantine/core';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';

export interface UserMenuProps {
  name: string;
  email: string;
  photoURL: string;
}

const THEMES: { scheme: MantineColorScheme; label: string }[] = [
  { scheme: 'light', label: 'Light' },
  { scheme: 'dark', label: 'Dark' },
  { scheme: 'auto', label: 'System' },
];

/** The signed-in user's menu: profile, team, billing, the colour scheme and sign-out. */
export function UserMenu({ name, email, photoURL }: UserMenuProps) {
  // Kept in this browser's localStorage by Mantine; "System" follows the operating system's preference.
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={`Account menu of ${name}`}
          p={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar src={photoURL} alt="" size={32} radius="xl" />
            <Text
              size="sm"
              fw={500}
              visibleFrom="md"
              data-testid="current-user-name"
              maw={160}
              truncate="end"
            >
              {name}
            </Text>
            <Icon name="chevronDown" size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {name}
          </Text>
          <Text size="xs" truncate="end">
            {email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<Icon name="contact" size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/profile/team" leftSection={<Icon name="team" size={16} />}>
          Team
        </Menu.Item>
        <Menu.Item component={Link} to="/profile/billing" leftSection={<Icon name="billing" size={16} />}>
          Billing
        </Menu.Item>
        <Menu.Divider />
        <div role="group" aria-labelledby="user-menu-theme">
          <Menu.Label id="user-menu-theme">Theme</Menu.Label>
          {THEMES.map(({ scheme, label }) => (
            <Menu.Item
              key={scheme}
              closeMenuOnClick={false}
              onClick={() => setColorScheme(scheme)}
              aria-current={colorScheme === scheme ? 'true' : undefined}
              leftSection={
                <Text component="span" w={16} ta="center" aria-hidden>
                  {colorScheme === scheme ? '✓' : ''}
                </Text>
              }
            >
              {label}
            </Menu.Item>
          ))}
        </div>
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" leftSection={<Icon name="logout" size={16} />}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
