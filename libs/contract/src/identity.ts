/** 0 is a customer, 1 an admin (the numbers the browser client stores and compares). */
export const Role = { Customer: 0, Admin: 1 } as const;
export type Role = (typeof Role)[keyof typeof Role];

export interface User {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

/** What sign-in answers and the browser keeps under the `jwt` storage key. */
export interface Session {
  token: string;
  user: User;
}

export interface SignupRequest {
  name: string;
  email: string;
  password: string;
}

export interface SigninRequest {
  email: string;
  password: string;
}

export interface MessageResponse {
  message: string;
}

export const USER_NAME_MIN = 3;
export const USER_NAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
