import { Group, Text, ThemeIcon } from '@mantine/core';
import type { MantineSize } from '@mantine/core';

export interface AppLogoProps {
  size?: MantineSize;
  /** On phones the word is hidden visually but still names the link it sits in (global.css). */
  isWordCollapsible?: boolean;
}

/** GroupTrack's mark and name. */
export function AppLogo({ size = 'lg', isWordCollapsible = false }: AppLogoProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={30} radius="md" aria-hidden>
        <Text fw={800} c="white">
          G
        </Text>
      </ThemeIcon>
      <Text fw={700} size={size} className={isWordCollapsible ? 'app-logo-word-collapsible' : undefined}>
        GroupTrack
      </Text>
    </Group>
  );
}
