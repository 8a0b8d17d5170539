import { Badge, Button, Code, Group, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { useMailOutbox } from '../api/get-mail-outbox';
import type { OutboxMail } from '../api/get-mail-outbox';
import { formatDateTime } from '../lib/format-date';

const FIRST_PAGE = 50;
const MAX_MAILS = 200;

const STATUS_COLORS: Record<string, string> = {
  sent: 'teal',
  logged: 'gray',
  pending: 'blue',
  failed: 'red',
};

/** The mail and text messages the app sent or kept, newest first, to read what a user was sent. */
export function MailOutboxTab() {
  const [address, setAddress] = useState('');
  const [debouncedAddress] = useDebouncedValue(address, 300);
  const [limit, setLimit] = useState(FIRST_PAGE);
  const [openId, setOpenId] = useState<string | null>(null);
  const outbox = useMailOutbox({ to: debouncedAddress, limit });

  return (
    <Stack gap="md">
      <TextInput
        label="Filter by address"
        placeholder="someone@example.com"
        type="search"
        value={address}
        onChange={(event) => {
          setAddress(event.currentTarget.value);
          setLimit(FIRST_PAGE);
        }}
        maw={420}
      />
      <Paper withBorder radius="md" p="md">
        {outbox.isPending && <Skeleton height={160} />}
        {outbox.isError && (
          <QueryError
            title="Could not load the mail"
            error={outbox.error}
            onRetry={() => void outbox.refetch()}
            isRetrying={outbox.isFetching}
          />
        )}
        {outbox.isSuccess && outbox.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {debouncedAddress.trim() ? `No mail to ${debouncedAddress.trim()}.` : 'No mail yet.'}
          </Text>
        )}
        {outbox.isSuccess && outbox.data.length > 0 && (
          <Stack gap="md">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" aria-label="Mail outbox">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Subject</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Text</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {outbox.data.map((mail) => (
                    <MailRow
                      key={mail.id}
                      mail={mail}
                      isOpen={openId === mail.id}
                      onToggle={() => setOpenId((current) => (current === mail.id ? null : mail.id))}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {outbox.data.length >= limit && limit < MAX_MAILS && (
              <Group justify="center">
                <Button
                  variant="default"
                  loading={outbox.isFetching}
                  onClick={() => setLimit((current) => Math.min(MAX_MAILS, current + FIRST_PAGE))}
                >
                  Show older mail
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function MailRow({ mail, isOpen, onToggle }: { mail: OutboxMail; isOpen: boolean; onToggle: () => void }) {
  const textId = `mail-text-${mail.id}`;
  const subject = mail.channel === 'sms' ? 'Text message' : mail.subject;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <Text size="sm">{mail.to}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm" fw={500}>
            {subject}
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge variant="dot" color={STATUS_COLORS[mail.status] ?? 'gray'} tt="none">
            {mail.status}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Text size="sm" c="dimmed">
            {formatDateTime(mail.createdAt)}
          </Text>
        </Table.Td>
        <Table.Td>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={isOpen}
            aria-controls={isOpen ? textId : undefined}
            aria-label={`${isOpen ? 'Hide' : 'Read'} “${subject}” to ${mail.to}`}
            onClick={onToggle}
          >
            {isOpen ? 'Hide' : 'Read'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {isOpen && (
        <Table.Tr>
          <Table.Td colSpan={5} id={textId}>
            <Stack gap="xs">
              {mail.error && (
                <Text size="sm" c="red">
                  Delivery failed: {mail.error}
                </Text>
              )}
              <Code block fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {mail.text}
              </Code>
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}
