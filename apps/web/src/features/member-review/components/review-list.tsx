import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { CapturedMemberRequest, MemberRequestDecision } from '@grouptrack/domain';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { formatRelativeTime } from '../../../lib/format';
import { useDecideRequest, useReviewList } from '../api/review';
import { readReviewKey } from '../lib/review-keys';

/**
 * The member requests of a pipeline that wait for a person (no rule decided them, or a rule flagged
 * them), with their answers: approve, decline or skip each, by button or by key (A, D, S; J and K or
 * the arrows move). A decision goes to the extension, which carries it out on the group's page.
 */
export function ReviewList({
  teamUID,
  pipelineID,
  autoFocus = true,
}: {
  teamUID: string;
  pipelineID: string;
  /** Takes the keyboard at once (in the drawer); beside a social page it waits to be clicked into. */
  autoFocus?: boolean;
}) {
  const list = useReviewList(teamUID, pipelineID, true);
  const decide = useDecideRequest(teamUID, pipelineID);
  const requests = list.data?.pages.flatMap((page) => page.requests) ?? [];
  const [active, setActive] = useState(0);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const current = Math.min(active, Math.max(requests.length - 1, 0));

  // Keep the keyboard on the request in the active place as the list changes under it.
  const listRef = useRef<HTMLUListElement | null>(null);
  useEffect(() => {
    const hasKeyboard = listRef.current?.contains(document.activeElement) ?? false;
    if (autoFocus || hasKeyboard) items.current[current]?.focus();
  }, [autoFocus, current, requests.length]);

  const send = (request: CapturedMemberRequest, decision: MemberRequestDecision['decision']) =>
    decide.mutate({ requestId: request.id, decision });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const action = readReviewKey(event.key, { ctrl: event.ctrlKey, meta: event.metaKey, alt: event.altKey });
    if (!action || requests.length === 0) return;
    event.preventDefault();
    if (action.kind === 'move') setActive(Math.min(Math.max(current + action.by, 0), requests.length - 1));
    else if (!decide.isPending) send(requests[current]!, action.decision);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        A approves, D declines, S skips; J and K move. The extension carries approvals and declines out on the
        group&apos;s page.
      </Text>
      {decide.isError && (
        <Alert color="red" variant="light" role="alert">
          {formatErrorMessage(decide.error)}
        </Alert>
      )}
      {list.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading the requests" />
      ) : list.isError ? (
        <QueryError
          title="Couldn't load the requests"
          error={list.error}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      ) : requests.length === 0 ? (
        <Text size="sm">No request waits for review.</Text>
      ) : (
        <ul
          ref={listRef}
          aria-label="Requests to review"
          onKeyDown={onKeyDown}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {requests.map((request, index) => (
            <li
              key={request.id}
              ref={(element) => {
                items.current[index] = element;
              }}
              tabIndex={index === current ? 0 : -1}
              // The drawer's focus trap, when it starts after the list came, gives the keyboard here.
              data-autofocus={autoFocus && index === current ? true : undefined}
              aria-label={request.name}
              onFocus={() => setActive(index)}
              style={{ padding: 8, borderRadius: 6, outlineOffset: -2 }}
            >
              <RequestCard
                request={request}
                disabled={decide.isPending}
                onDecide={(decision) => send(request, decision)}
              />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          Show more
        </Button>
      )}
    </Stack>
  );
}

function RequestCard({
  request,
  disabled,
  onDecide,
}: {
  request: CapturedMemberRequest;
  disabled: boolean;
  onDecide: (decision: MemberRequestDecision['decision']) => void;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h5">
          {request.name}
        </Title>
        <Group gap={4}>
          {request.status === 'flagged' && <Badge color="orange">Flagged</Badge>}
          <Badge variant="light">Lead score {request.leadScore}</Badge>
        </Group>
      </Group>
      {request.answers.map((answer) => (
        <Text key={answer.question} size="sm">
          <Text span fw={600}>
            {answer.question}
          </Text>{' '}
          {answer.answer === '' ? (
            <Text span c="dimmed">
              (no answer)
            </Text>
          ) : (
            answer.answer
          )}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        {request.agreedToRules === true
          ? 'Agreed to the group rules. '
          : request.agreedToRules === false
            ? 'Did not agree to the group rules. '
            : ''}
        {request.requestedAt ? `Asked ${formatRelativeTime(request.requestedAt)}.` : ''}
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={() => onDecide('approve')} disabled={disabled}>
          Approve
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => onDecide('decline')} disabled={disabled}>
          Decline
        </Button>
        <Button size="xs" variant="default" onClick={() => onDecide('skip')} disabled={disabled}>
          Skip
        </Button>
      </Group>
    </Stack>
  );
}
