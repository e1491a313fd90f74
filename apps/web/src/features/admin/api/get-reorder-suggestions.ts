import { ApiRoute, apiPath, type ReorderSuggestion } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** How many of each variant to reorder for the next `days` (staff; docs/returns.md). */
export function getReorderSuggestions(days: number, signal?: AbortSignal): Promise<ReorderSuggestion[]> {
  return apiCall<ReorderSuggestion[]>(`${apiPath(ApiRoute.reorderSuggestions, { userId: currentAuth().userId })}?days=${days}`, {
    signedIn: true,
    signal,
  });
}

export function useReorderSuggestions(days: number) {
  return useQuery({
    queryKey: [...returnsQueryKey, 'reorder', days],
    queryFn: ({ signal }) => getReorderSuggestions(days, signal),
  });
}
