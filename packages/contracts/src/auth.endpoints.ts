import {
  AccountsResponse,
  LoggedInUser,
  LoginRequest,
  LoginResponse,
  OkResponse,
  RemoveDeviceUserQuery,
  UserIndexQuery,
} from './auth.js';
import { defineEndpoint } from './endpoint.js';

const tags = ['auth'] as const;

/**
 * Sign-in and the accounts of this device. These paths carry the user index as `?userIndex=` (or `?index=`),
 * not in the path: they act on the device's list of accounts.
 */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/auth',
    auth: 'public',
    summary: 'Sign in with e-mail and password (verified by IMAP LOGIN)',
    tags,
    body: LoginRequest,
    responses: { 200: LoginResponse },
    errors: [401, 419, 422, 429, 503],
  }),
  accounts: defineEndpoint({
    method: 'GET',
    path: '/auth/accounts',
    auth: 'public',
    summary: 'Accounts this device remembers, signed in or not',
    tags,
    responses: { 200: AccountsResponse },
    errors: [],
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/auth/me',
    auth: 'session',
    summary: 'The signed-in user of `userIndex`',
    tags,
    query: UserIndexQuery,
    responses: { 200: LoggedInUser },
    errors: [401],
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/auth/refresh',
    auth: 'public',
    summary: 'Rotate the refresh token and issue a new access token',
    tags,
    query: UserIndexQuery,
    responses: { 200: LoginResponse },
    errors: [401, 419, 429],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    auth: 'session',
    summary: 'User logout: end the session of `userIndex`; the device still lists the account',
    tags,
    query: UserIndexQuery,
    responses: { 200: OkResponse },
    errors: [401, 419],
  }),
  removeDeviceUser: defineEndpoint({
    method: 'DELETE',
    path: '/auth/removeDeviceUser',
    auth: 'public',
    summary: 'Device-user logout: sign out one account and forget it on this device',
    tags,
    query: RemoveDeviceUserQuery,
    responses: { 200: AccountsResponse },
    errors: [419, 422],
  }),
  removeDeviceUsers: defineEndpoint({
    method: 'DELETE',
    path: '/auth/removeDeviceUsers',
    auth: 'public',
    summary: 'Device logout: forget every account on this device',
    tags,
    responses: { 200: AccountsResponse },
    errors: [419],
  }),
  logoutAll: defineEndpoint({
    method: 'POST',
    path: '/auth/logoutAll',
    auth: 'public',
    summary: 'Log out of all accounts on this device (and forget them)',
    tags,
    responses: { 200: AccountsResponse },
    errors: [401, 419],
  }),
};
