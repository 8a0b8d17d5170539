import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { usePageTitle } from '../lib/page-title';

/** /contact/:GTID/:tab?/:pipelineID?: one contact. */
export function ContactRoute() {
  usePageTitle('Contact');
  const { GTID } = useParams();
  return (
    <EmptyState
      title="Contact"
      icon="contact"
      description="This contact's details, pipeline stages, tags, notes, tasks and deals will appear here, with every message and activity on one timeline."
    >
      {GTID && (
        <Text size="sm" c="dimmed">
          Contact ID:{' '}
          <Text span ff="monospace">
            {GTID}
          </Text>
        </Text>
      )}
    </EmptyState>
  );
}
