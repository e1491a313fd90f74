import { type Account, ApiRoute, apiPath, type NameChange } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { readSession, saveSession } from '@/lib/session';
import { accountQueryKey } from './get-account';

/** Renames the signed-in user; answers the account as it is now. */
export function renameAccount(request: NameChange): Promise<Account> {
  return apiCall<Account>(apiPath(ApiRoute.account, { userId: currentAuth().userId }), { method: 'PUT', signedIn: true, json: request });
}

/** The stored session's user takes the new name too, so the pages that greet the user by it show it at once. */
export function useRenameAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameAccount,
    onSuccess: (account) => {
      const session = readSession();
      if (session) saveSession({ ...session, user: { ...session.user, name: account.name } });
      return queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
}
