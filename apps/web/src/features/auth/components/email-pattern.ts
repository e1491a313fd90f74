/** Loose on purpose: the server is the judge; this only catches typos such as a missing `@` before a round trip. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
