import { Select } from '@mantine/core';
import { formatErrorMessage } from '../../../lib/api-client';
import { findStatusLabel, useStatusLabels } from '../../../lib/status-labels';
import type { Contact } from '../api/get-contact';
import { useUpdateContact } from '../api/get-contact';

/** The contact's status label: picked from the team's labels, cleared with the select's clear button. */
export function StatusLabelField({ teamUID, contact }: { teamUID: string; contact: Contact }) {
  const labels = useStatusLabels(teamUID);
  const update = useUpdateContact(teamUID, contact.GTID);
  const current = findStatusLabel(labels.data, contact.statusLabelId);
  const value = update.isPending ? (update.variables.statusLabelId ?? null) : (current?.labelUID ?? null);
  const isEmpty = labels.isSuccess && labels.data.length === 0;
  return (
    <Select
      label="Status label"
      placeholder={isEmpty ? 'No labels yet: owners and admins add them in Setup' : 'No label'}
      data={(labels.data ?? []).map((label) => ({ value: label.labelUID, label: label.display }))}
      value={value}
      disabled={isEmpty}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the status label' }}
      onChange={(labelId) => {
        if (labelId !== (current?.labelUID ?? null)) update.mutate({ statusLabelId: labelId });
      }}
      leftSection={
        current ? (
          <span
            aria-hidden
            style={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              background: current.color,
              display: 'block',
            }}
          />
        ) : undefined
      }
      error={update.error ? `The label was not changed: ${formatErrorMessage(update.error)}` : null}
    />
  );
}
