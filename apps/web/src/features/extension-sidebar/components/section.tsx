import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled part of the sidebar (Pipelines, Tags, Notes…), compact for a narrow frame. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={2} size="h6" c="dimmed" tt="uppercase">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
