import { ApiRoute, apiPath } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, currentAuth } from '@/lib/api-client';

/** Everything the shop holds about the signed-in user, as a JSON file. */
export function downloadMyData(): Promise<Blob> {
  return apiDownload(apiPath(ApiRoute.myData, { userId: currentAuth().userId }), { signedIn: true });
}

/** Asked for on demand (a file to save, not data to keep: nothing is cached). */
export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
