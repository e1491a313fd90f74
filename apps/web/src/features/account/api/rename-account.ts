import { type Account, ApiRoute, apiPath, type NameChange } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { accountQueryKey } from './get-account';

/** Renames the signed-in user; answers the account as it is now. */
export function renameAccount(request: NameChange): Promise<Account> {
  return apiCall<Account>(apiPath(ApiRoute.account, { userId: currentAuth().userId }), { method: 'PUT', signedIn: true, json: request });
}

export function useRenameAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameAccount, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }) });
}
