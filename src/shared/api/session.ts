import {
  authResponse,
  connectTicket,
  currentUser,
  firstNameResponse,
  inviteLookupResponse,
} from '../contracts/responses/auth';
import { defineOperation, ok, created, noContent, tooMany, declared } from './operation';

export const register = defineOperation({
  method: 'POST',
  path: '/api/register',
  summary: 'Register an authorized address with a password and its invite',
  access: 'anyone',
  body: declared('auth', 'registration'),
  responses: {
    201: created(authResponse),
    403: { description: 'Not allowed to register: one answer for every reason (invite, address, existing account)' },
    429: tooMany,
  },
});

export const lookUpInvite = defineOperation({
  method: 'POST',
  path: '/api/invites/lookup',
  summary: 'The address a live invite is for',
  access: 'anyone',
  body: declared('auth', 'inviteLookup'),
  responses: { 200: ok(inviteLookupResponse), 403: { description: 'Not a live invite' } },
});

export const logIn = defineOperation({
  method: 'POST',
  path: '/api/login',
  summary: 'Sign in with a password',
  access: 'anyone',
  body: declared('auth', 'credentials'),
  responses: {
    200: ok(authResponse),
    401: { description: 'Wrong address or password' },
    403: { description: 'Access removed' },
    429: tooMany,
  },
});

export const logOut = defineOperation({
  method: 'POST',
  path: '/api/logout',
  summary: 'End the session of the bearer token',
  access: 'anyone',
  responses: { 204: noContent },
});

export const getUser = defineOperation({
  method: 'GET',
  path: '/api/user',
  summary: 'The signed-in user',
  access: 'user',
  responses: { 200: ok(currentUser) },
});

export const getFirstName = defineOperation({
  method: 'GET',
  path: '/api/user/first-name',
  summary: "The signed-in user's first name",
  access: 'user',
  responses: { 200: ok(firstNameResponse) },
});

export const createGoogleConnectTicket = defineOperation({
  method: 'POST',
  path: '/api/auth/google/connect-ticket',
  summary: 'A one-time ticket to connect a Google account',
  access: 'user',
  responses: { 201: created(connectTicket) },
});

export const exchangeGoogleCode = defineOperation({
  method: 'POST',
  path: '/api/auth/google/exchange',
  summary:
    'The session for the one-time code a Google sign-in ended with, from the browser that signed in (its sealed cookie)',
  access: 'anyone',
  body: declared('auth', 'googleCodeExchange'),
  responses: { 200: ok(authResponse), 401: { description: 'Unknown, used or expired code, or another browser' } },
});
