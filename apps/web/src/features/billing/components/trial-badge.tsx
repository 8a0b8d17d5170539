import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { LoggedUser } from '../../../app/signed-in-user';
import { useNow } from '../../../lib/use-now';
import { formatTrialLeft } from '../lib/format-billing';

/** For a team on trial, the days left, in the header, leading to Billing where upgrading is explained. */
export function TrialBadge({ user }: { user: LoggedUser }) {
  const now = useNow().getTime();
  const { status, trialEndsAt } = user.subscription;
  if (status !== 'trialing' || trialEndsAt === null) return null;
  return (
    <Badge
      component={Link}
      to="/profile/billing"
      variant="light"
      color="orange"
      size="lg"
      radius="sm"
      // Orange text on the orange tint stays under 4.5:1 (axe); the scheme's text colour reads in both.
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
      style={{ cursor: 'pointer', flexShrink: 0 }}
      visibleFrom="xs"
    >
      {formatTrialLeft(trialEndsAt, now)}
    </Badge>
  );
}
