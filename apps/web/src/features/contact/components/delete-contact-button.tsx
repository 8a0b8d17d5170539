import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { can } from '@grouptrack/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLoggedUser } from '../../../app/signed-in-user';
import { ConfirmModal } from '../../../components/confirm-modal';
import { contactPath, requestData } from '../../../lib/api-client';
import { RETURN_STATE } from '../../../lib/list-origin';

/**
 * Deletes the contact (owners and admins), then goes back to the list the contact was opened from.
 * The contact waits 30 days in Recently deleted, which the confirmation and the toast point to.
 */
export function DeleteContactButton(props: { teamUID: string; GTID: string; name: string; backTo: string }) {
  const { teamUID, GTID, name, backTo } = props;
  const { currentTeam } = useLoggedUser();
  const navigate = useNavigate();
  const [isAsking, setIsAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => requestData<undefined>(contactPath(teamUID, GTID), { method: 'DELETE' }),
    meta: { isErrorShownInline: true },
  });
  if (!can(currentTeam.role, 'see-all-pipelines')) return null;

  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setIsAsking(true)}>
        Delete contact
      </Button>
      <ConfirmModal
        opened={isAsking}
        title={`Delete ${name}?`}
        confirmLabel="Delete contact"
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setIsAsking(false);
              notifications.show({
                message: `${name} was deleted. Restore them from Contacts → Recently deleted within 30 days.`,
              });
              // Back to the list as its Back link returns to it: its scroll and ticks put back.
              void navigate(backTo, { state: RETURN_STATE });
            },
          })
        }
        onClose={() => setIsAsking(false)}
        isPending={remove.isPending}
        error={remove.error}
      >
        {name} leaves every board, list and export now. You can restore them from Recently deleted for 30
        days.
      </ConfirmModal>
    </>
  );
}
