/** What the shop's e-mail is doing, for the admin dashboard: where mails go, the backlog, what failed. */
export interface MailStatus {
  /** Where mails go: a mail server (host and port, never its credentials) or the outbox folder. */
  transport: string;
  counts: {
    /** Queued and not yet tried. */
    waiting: number;
    /** Tried and failed, to be tried again (the worker retries with a growing delay, at most an hour apart). */
    failing: number;
    /** Refused for good by the mail server (a 5xx answer): kept, never retried. */
    rejected: number;
    /** Sent in the last 24 hours. */
    sentLastDay: number;
  };
  /** The failing and rejected mails, newest first, at most {@link MAIL_PROBLEMS_SHOWN}. */
  problems: MailProblem[];
}

export const MAIL_PROBLEMS_SHOWN = 20;

export interface MailProblem {
  _id: string;
  /** What the mail is: `order-confirmation`, `shop-order-notice`... */
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  /** The mail server's (or the connection's) last answer. */
  lastError: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601: when the worker tries again; null when the mail was refused for good. */
  nextAttemptAt: string | null;
  rejected: boolean;
}

/** Body of the test-mail call: the address to send to (default: the signed-in admin's own). */
export interface MailTestRequest {
  to?: string;
}

/** What the mail server answered to a test mail, sent at once (not through the outbox). */
export interface MailTestResult {
  /** True when the server (or the outbox folder) took the mail. */
  sent: boolean;
  to: string;
  /** The server's answer (`250 ...`), or why it failed. */
  answer: string;
}
