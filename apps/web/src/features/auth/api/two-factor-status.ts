import { ApiRoute, apiPath, type TwoFactorStatus } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

export const twoFactorStatusQueryKey = ['two-factor-status'] as const;

/** The signed-in member's two-factor state: on or off, required by the shop or not, recovery codes left. */
export function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return apiCall<TwoFactorStatus>(apiPath(ApiRoute.twoFactor, { userId: currentAuth().userId }), { signedIn: true });
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorStatusQueryKey, queryFn: getTwoFactorStatus });
}
