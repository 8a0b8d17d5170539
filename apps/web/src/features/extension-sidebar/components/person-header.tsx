import { Avatar, Group, Stack, Text, Title } from '@mantine/core';
import { formatAvatarUrl } from '@grouptrack/domain';
import type { SocialPlatform } from '@grouptrack/domain';
import { formatPlatformName } from '../../../lib/platform-names';

export interface PersonHeaderProps {
  name: string;
  photoURL: string | null;
  platform: SocialPlatform;
  username: string | null;
}

/** The person's photo and name, with where they are on screen. */
export function PersonHeader({ name, photoURL, platform, username }: PersonHeaderProps) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={formatAvatarUrl({ photoURL, name, size: 48 })} alt="" size={48} radius="xl" />
      <Stack gap={0} miw={0}>
        <Title order={1} size="h4" lineClamp={2}>
          {name}
        </Title>
        <Text size="xs" c="dimmed" truncate>
          {formatPlatformName(platform)}
          {username ? ` · ${username}` : ''}
        </Text>
      </Stack>
    </Group>
  );
}
