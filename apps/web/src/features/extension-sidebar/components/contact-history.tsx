import { Stack, Text } from '@mantine/core';
import { formatMoney, formatRelativeTime } from '../../../lib/format';
import { describeActivity } from '../../contact';
import type { VisibleCoreData } from '../api/core-data';
import { Section } from './section';

/** The contact's deals. */
export function ContactDeals({ coreData }: { coreData: VisibleCoreData }) {
  return (
    <Section title="Deals">
      {coreData.deals.length === 0 ? (
        <Text size="xs" c="dimmed">
          No deals.
        </Text>
      ) : (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {coreData.deals.map((deal) => (
            <Text key={deal.dealUID} component="li" size="xs">
              {deal.name} · {formatMoney(deal.value, deal.currency)} ·{' '}
              <Text
                span
                size="xs"
                c={deal.status === 'won' ? 'teal' : deal.status === 'lost' ? 'red' : 'dimmed'}
              >
                {deal.status}
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** The newest line of the contact's history I may see. */
export function LastActivity({ coreData }: { coreData: VisibleCoreData }) {
  const activity = coreData.lastActivity;
  const pipelineName =
    coreData.pipelines.find((place) => place.pipelineUID === activity?.pipelineID)?.name ?? null;
  return (
    <Section title="Last activity">
      {activity ? (
        <Text size="xs">
          {describeActivity({ activity, pipelineName })}
          <Text span size="xs" c="dimmed">
            {' '}
            · {activity.createdBy}, {formatRelativeTime(activity.createdAt)}
          </Text>
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          Nothing yet.
        </Text>
      )}
    </Section>
  );
}
