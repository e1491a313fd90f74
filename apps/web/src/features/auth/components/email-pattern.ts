/** Loose on purpose: the server is the judge; this only catches typos such as a missing `@` before a round trip. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The react-hook-form rules of every email field (sign-in and sign-up check it the same way). */
export const EMAIL_RULES = {
  required: 'Email is required',
  pattern: { value: EMAIL_PATTERN, message: 'Enter a valid email address' },
};
