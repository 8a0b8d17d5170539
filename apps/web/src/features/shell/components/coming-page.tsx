import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import type { IconName } from '../../../components/icons';

export interface ComingPageProps {
  title: string;
  icon: IconName;
  /** What the area will do, in a sentence. */
  description: string;
}

/**
 * A page not built yet, reached by its address (the navigation does not offer it): it says so
 * plainly, what it will be for, and where to go instead.
 */
export function ComingPage({ title, icon, description }: ComingPageProps) {
  return (
    <EmptyState title={title} icon={icon} description={description}>
      <Badge variant="light" color="gray" size="lg">
        Coming
      </Badge>
      <Text size="sm">
        This area is not built yet, so nothing here works today. Your contacts are on the{' '}
        <Anchor component={Link} to="/contacts/pipeline">
          pipeline board
        </Anchor>
        .
      </Text>
    </EmptyState>
  );
}
