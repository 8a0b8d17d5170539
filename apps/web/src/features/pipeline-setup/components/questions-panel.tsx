import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import type { Pipeline } from '../../../lib/pipelines';
import { updatePipeline, usePipelineMutation } from '../../../lib/pipelines';

const MAX_QUESTIONS = 10;

export interface QuestionsPanelProps {
  teamUID: string;
  pipeline: Pipeline;
  canEdit: boolean;
}

/** The membership questions of the pipeline's group, whose answers are kept on each contact. */
export function QuestionsPanel({ teamUID, pipeline, canEdit }: QuestionsPanelProps) {
  const [questions, setQuestions] = useState<string[]>(pipeline.questions);
  const [saved, setSaved] = useState(false);
  const save = usePipelineMutation(teamUID, (list: string[]) =>
    updatePipeline(teamUID, pipeline.groupUID, { questions: list }),
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const list = questions.map((question) => question.trim()).filter(Boolean);
    setSaved(false);
    save.mutate(list, {
      onSuccess: () => {
        setQuestions(list);
        setSaved(true);
      },
    });
  }

  if (!canEdit) {
    return pipeline.questions.length === 0 ? (
      <Text c="dimmed" size="sm">
        This pipeline has no membership questions.
      </Text>
    ) : (
      <ol>
        {pipeline.questions.map((question) => (
          <li key={question}>{question}</li>
        ))}
      </ol>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack maw={640}>
        <Text size="sm" c="dimmed">
          The questions people answer when they ask to join the group (up to {MAX_QUESTIONS}).
        </Text>
        {questions.map((question, index) => (
          <Group key={index} wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={`Question ${index + 1}`}
              value={question}
              maxLength={500}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setQuestions((current) => current.map((each, at) => (at === index ? value : each)));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove question ${index + 1}`}
              onClick={() => setQuestions((current) => current.filter((_, at) => at !== index))}
            >
              <span aria-hidden>×</span>
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() => setQuestions((current) => [...current, ''])}
            disabled={questions.length >= MAX_QUESTIONS}
          >
            Add question
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save questions
          </Button>
        </Group>
        {save.error != null && (
          <Alert color="red" variant="light" role="alert">
            {formatErrorMessage(save.error)}
          </Alert>
        )}
        {saved && !save.isPending && (
          <Text size="sm" c="teal" role="status">
            Questions saved.
          </Text>
        )}
      </Stack>
    </form>
  );
}
