import { Skeleton, Stack } from '@mantine/core';

/** What the sidebar shows while it reads: the shape of what is coming, named for screen readers. */
export function SidebarSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-label={label}>
      <Skeleton height={48} circle />
      <Skeleton height={14} width="70%" />
      <Skeleton height={30} />
      <Skeleton height={30} />
    </Stack>
  );
}
