import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Icon } from './icons';
import type { IconName } from './icons';

export interface EmptyStateProps {
  /** The page or section name, shown as its heading. */
  title: string;
  /** What will show here and what it is good for, in one or two sentences. */
  description: ReactNode;
  icon: IconName;
  /** 1 when the empty state is the whole page. */
  headingLevel?: 1 | 2 | 3;
  /** Extra details, e.g. which record or platform the page is about. */
  children?: ReactNode;
}

/** A page or section with nothing to show yet: what it is for, without any action that would do nothing. */
export function EmptyState({ title, description, icon, headingLevel = 1, children }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" px="lg" py={48}>
      <Stack align="center" gap="sm" ta="center" maw={560} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light">
          <Icon name={icon} size={28} />
        </ThemeIcon>
        <Title order={headingLevel} size="h3">
          {title}
        </Title>
        <Text c="dimmed" size="md">
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
