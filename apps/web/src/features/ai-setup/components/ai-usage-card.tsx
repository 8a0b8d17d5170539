import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useAiUsage } from '../api/ai-settings';

const MONTH = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The team's AI requests and tokens this month against its tier's allowance. */
export function AiUsageCard({ teamUID }: { teamUID: string }) {
  const usage = useAiUsage(teamUID);
  if (!usage.data) return null;
  const { month, requests, tokens, allowance, provider } = usage.data;
  const share = Math.min(100, (requests / allowance) * 100);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Usage in {MONTH.format(new Date(`${month}-01T00:00:00Z`))}
        </Title>
        <Text>
          {requests.toLocaleString()} of {allowance.toLocaleString()} AI requests used
          {provider === 'openai-compatible' ? `, ${tokens.toLocaleString()} tokens` : ''}
        </Text>
        <Progress
          value={share}
          color={share >= 90 ? 'red' : 'blue'}
          aria-label="AI requests used this month"
        />
        <Text size="sm" c="dimmed">
          {provider === 'offline'
            ? 'No AI service is connected: drafts are written here by rules from your context and the contact, and marked as drafts.'
            : 'Answers come from the AI service your administrator connected.'}
        </Text>
      </Stack>
    </Paper>
  );
}
