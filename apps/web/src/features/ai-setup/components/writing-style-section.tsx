import type { AiWritingStyle } from '@grouptrack/domain';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { aiKeys, useSaveAiStyle } from '../api/ai-settings';
import { useAiWriter } from '../api/use-ai-writer';
import { splitPastedMessages } from '../lib/split-messages';
import { AiAnswer } from './ai-answer';

/**
 * My writing style: read by analyze-writing-style from messages I paste or from those I recently
 * sent or copied to contacts, saved as a profile that I can read and correct. Its page gives it a
 * new key when a profile is saved (here or in another tab), so the box shows the saved one.
 */
export function WritingStyleSection({ teamUID, saved }: { teamUID: string; saved: AiWritingStyle }) {
  const [pasted, setPasted] = useState('');
  const [profile, setProfile] = useState(saved.profile);
  const [problem, setProblem] = useState<string | null>(null);
  const writer = useAiWriter(teamUID);
  const save = useSaveAiStyle(teamUID);
  const queryClient = useQueryClient();

  async function analyze(messages: string[] | undefined) {
    setProblem(null);
    const answer = await writer.run('analyze-writing-style', { teamUID, ...(messages && { messages }) });
    if (answer) {
      setProfile(answer.text);
      void queryClient.invalidateQueries({ queryKey: aiKeys.settings(teamUID) });
      notifications.show({ message: `Writing style read from ${answer.sampleCount} messages and saved.` });
    }
  }

  function analyzePasted() {
    const messages = splitPastedMessages(pasted);
    if (messages.length === 0) {
      setProblem('Paste at least one message you wrote.');
      return;
    }
    if (messages.length > 50) {
      setProblem(`Paste at most 50 messages (there are ${messages.length}).`);
      return;
    }
    void analyze(messages);
  }

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h3">
          Your writing style
        </Title>
        <Text c="dimmed" size="sm">
          Messages the AI writes or polishes for you follow this style. It is yours alone; each teammate has
          their own.
        </Text>
        <Textarea
          label="Messages you wrote"
          description="Paste a few; separate them with a line of three dashes (---)"
          autosize
          minRows={4}
          maxRows={12}
          value={pasted}
          onChange={(event) => {
            setProblem(null);
            setPasted(event.currentTarget.value);
          }}
        />
        <Group>
          <Button onClick={analyzePasted} loading={writer.writing}>
            Analyze pasted messages
          </Button>
          <Button variant="default" onClick={() => void analyze(undefined)} disabled={writer.writing}>
            Use my recent messages
          </Button>
        </Group>
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        {writer.writing || writer.error ? (
          <AiAnswer label="Reading your style" {...writer} onStop={writer.stop} />
        ) : null}
        <Textarea
          label="Style profile"
          description={
            saved.updatedAt
              ? saved.sampleCount > 0
                ? `Read from ${saved.sampleCount} messages; correct it as you like`
                : 'Written by hand'
              : 'None yet: analyze some messages, or describe your style'
          }
          autosize
          minRows={4}
          maxLength={4000}
          value={profile}
          onChange={(event) => setProfile(event.currentTarget.value)}
        />
        <Group>
          <Button
            variant="default"
            disabled={profile.trim() === saved.profile.trim()}
            loading={save.isPending}
            onClick={() =>
              save.mutate(profile, {
                onSuccess: () => notifications.show({ message: 'Writing style saved.' }),
                onError: (error) => setProblem(formatErrorMessage(error)),
              })
            }
          >
            Save style
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
