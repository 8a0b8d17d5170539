import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card of the screens a visitor sees before signing in. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Center mih="100vh" p="md" bg="var(--gt-color-page)">
      <Box w="100%" maw={420}>
        <Stack gap="lg">
          <Group gap="xs" justify="center">
            <ThemeIcon size={34} radius="md" aria-hidden>
              <Text fw={800} size="lg" c="white">
                G
              </Text>
            </ThemeIcon>
            <Text fw={700} size="xl">
              GroupTrack
            </Text>
          </Group>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={2} size="h3">
                  {title}
                </Title>
                {subtitle && (
                  <Text size="sm" c="dimmed">
                    {subtitle}
                  </Text>
                )}
              </Stack>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Center>
  );
}
