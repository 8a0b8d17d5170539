import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import type { AdminUserDetail } from './get-admin-user';
import { adminUserQueryKey } from './get-admin-user';
import { adminUsersQueryKey } from './get-admin-users';

/** Grants or revokes a user's super permission; answers the updated user. */
export function setSuperPermission(uid: string, isSuper: boolean): Promise<AdminUserDetail> {
  return requestData(`/api/v1/admin/users/${encodeURIComponent(uid)}/super`, {
    method: 'PUT',
    body: { isSuper },
  });
}

export function useSetSuperPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, isSuper }: { uid: string; isSuper: boolean }) => setSuperPermission(uid, isSuper),
    onSuccess: async (user) => {
      queryClient.setQueryData(adminUserQueryKey(user.uid), user);
      await queryClient.invalidateQueries({ queryKey: [...adminUsersQueryKey, 'search'] });
    },
  });
}
