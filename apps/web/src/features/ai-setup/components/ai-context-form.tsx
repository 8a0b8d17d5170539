import { aiContextSchema, type AiContext } from '@grouptrack/domain';
import { Button, Group, Paper, Stack, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ReadOnlyNote } from '../../../app/setup-access';
import { formatErrorMessage } from '../../../lib/api-client';
import { useSaveAiContext } from '../api/ai-settings';

/** The team's aiContext: what every AI answer knows about the community, the offer and the tone. */
export function AiContextForm({
  teamUID,
  saved,
  canEdit,
}: {
  teamUID: string;
  saved: AiContext;
  canEdit: boolean;
}) {
  const [context, setContext] = useState<AiContext>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveAiContext(teamUID);
  const set = <Key extends keyof AiContext>(key: Key, value: AiContext[Key]) => {
    setProblem(null);
    setContext((before) => ({ ...before, [key]: value }));
  };
  const text = (key: 'community' | 'offer' | 'audience' | 'tone' | 'signature') => ({
    value: context[key],
    readOnly: !canEdit,
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });

  function submit() {
    const parsed = aiContextSchema.safeParse(context);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem(`${String(issue.path[0])}: ${issue.message}`);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => notifications.show({ message: 'AI context saved.' }),
      onError: (error) => setProblem(formatErrorMessage(error)),
    });
  }

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Title order={2} size="h3">
            Your community
          </Title>
          <Text c="dimmed" size="sm">
            Every AI answer starts from this: what your group is, what you offer, to whom and how you sound.
          </Text>
          {!canEdit && <ReadOnlyNote />}
          <Textarea
            label="What the community is"
            autosize
            minRows={2}
            maxLength={500}
            {...text('community')}
          />
          <Textarea label="What you offer" autosize minRows={2} maxLength={500} {...text('offer')} />
          <TextInput label="Who the audience is" maxLength={500} {...text('audience')} />
          <TextInput label="Tone" placeholder="Warm and direct" maxLength={200} {...text('tone')} />
          <TagsInput
            label="Words to use"
            description="Press Enter after each"
            value={context.wordsToUse}
            onChange={(value) => set('wordsToUse', value)}
            readOnly={!canEdit}
            maxTags={30}
          />
          <TagsInput
            label="Words to avoid"
            description="Press Enter after each"
            value={context.wordsToAvoid}
            onChange={(value) => set('wordsToAvoid', value)}
            readOnly={!canEdit}
            maxTags={30}
          />
          <Textarea label="Signature" autosize minRows={1} maxLength={300} {...text('signature')} />
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          {canEdit && (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save AI context
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
