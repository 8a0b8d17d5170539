import { Loader, Select, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { groupByCategory } from '../lib/group-templates';
import { QueryError } from './query-error';

export interface TemplateGroupsProps<Template extends { templateUID: string; category: string }> {
  /** What the templates are, singular: "message template". */
  noun: string;
  templates: UseQueryResult<Template[]>;
  /** The templates the search and filters let through. */
  shown: Template[];
  canEdit: boolean;
  /** Said when templates exist but none passes the filters. */
  noMatch: string;
  children: (template: Template) => ReactNode;
}

/** A setup page's templates in sections by category, with their loading, error and empty states. */
export function TemplateGroups<Template extends { templateUID: string; category: string }>({
  noun,
  templates,
  shown,
  canEdit,
  noMatch,
  children,
}: TemplateGroupsProps<Template>) {
  if (templates.isPending) return <Loader role="status" aria-label={`Loading ${noun}s`} />;
  if (templates.isError)
    return (
      <QueryError
        title={`Couldn't load the ${noun}s`}
        error={templates.error}
        onRetry={() => void templates.refetch()}
        isRetrying={templates.isFetching}
      />
    );
  if (templates.data.length === 0)
    return (
      <Text c="dimmed">
        No {noun}s yet.
        {canEdit ? ` Add the first one with New ${noun}.` : ' An owner or admin can add them.'}
      </Text>
    );
  if (shown.length === 0) return <Text c="dimmed">{noMatch}</Text>;
  return groupByCategory(shown).map((group) => (
    <Stack key={group.category} gap="xs" component="section" aria-label={group.category || 'No category'}>
      <Title order={2} size="h4">
        {group.category || 'No category'}
      </Title>
      {group.templates.map((template) => children(template))}
    </Stack>
  ));
}

export interface LabelFilterProps {
  /** The label filtered on: "Category". */
  label: string;
  /** What no choice means: "All categories". */
  placeholder: string;
  options: string[];
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A filter of templates by one of their labels (category, type, tag), cleared to show them all. */
export function LabelFilter({ label, placeholder, options, value, onChange }: LabelFilterProps) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={options}
      value={value}
      onChange={onChange}
      clearable
      w={190}
    />
  );
}
