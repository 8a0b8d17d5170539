import { Loader, Stack, Text, Title } from '@mantine/core';
import { useSetupAccess } from '../../../app/setup-access';
import { formatErrorMessage } from '../../../lib/api-client';
import { useAiSettings } from '../api/ai-settings';
import { AiContextForm } from './ai-context-form';
import { AiUsageCard } from './ai-usage-card';
import { WritingStyleSection } from './writing-style-section';

/** /setup/ai: the team's AI context, my writing style, and the month's usage. */
export function AiSetupPage() {
  const { teamUID } = useSetupAccess();
  const settings = useAiSettings(teamUID);
  return (
    <Stack maw={820}>
      <Title order={1}>AI setup</Title>
      <Text c="dimmed">
        The AI writes next messages, polishes drafts, writes posts and message templates. Tell it about your
        community and how you write.
      </Text>
      {settings.isPending ? (
        <Loader aria-label="Loading the AI setup" />
      ) : settings.isError ? (
        <Text c="red" role="alert">
          {formatErrorMessage(settings.error)}
        </Text>
      ) : (
        <>
          <AiContextForm
            key={JSON.stringify(settings.data.context)}
            teamUID={teamUID}
            saved={settings.data.context}
            canEdit={settings.data.canEditContext}
          />
          <WritingStyleSection
            key={settings.data.style.updatedAt ?? 'none'}
            teamUID={teamUID}
            saved={settings.data.style}
          />
        </>
      )}
      <AiUsageCard teamUID={teamUID} />
    </Stack>
  );
}
