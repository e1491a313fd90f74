import { ApiRoute, apiPath, type MailTestRequest, type MailTestResult } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Sends a test mail at once (to the admin's own address when `to` is empty) and gives the mail server's answer. */
export function sendTestMail(to?: string): Promise<MailTestResult> {
  const body: MailTestRequest = to ? { to } : {};
  return apiCall<MailTestResult>(apiPath(ApiRoute.mailTest, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: body,
  });
}

/** A test mail goes past the outbox, so nothing the dashboard shows changes: no query to refresh. */
export function useSendTestMail() {
  return useMutation({ mutationFn: (to?: string) => sendTestMail(to) });
}
