import { authorizedEmail, inviteResponse, permissionsResult, userList } from '../contracts/responses/users';
import { defineOperation, ok, created, noContent, because, declared } from './operation';

export const listUsers = defineOperation({
  method: 'GET',
  path: '/api/users',
  summary: 'Authorized addresses and their accounts',
  access: 'admin',
  responses: { 200: ok(userList) },
});

export const authorizeEmail = defineOperation({
  method: 'POST',
  path: '/api/authorized-emails',
  summary: 'Authorize an address',
  access: 'admin',
  body: declared('users', 'addAuthorizedEmail'),
  responses: { 201: created(authorizedEmail), 409: because('Already on the list') },
});

export const renewInvite = defineOperation({
  method: 'POST',
  path: '/api/authorized-emails/:id/invite',
  summary: "A new invite link for a pending address ('New link'); the old one stops working",
  access: 'admin',
  params: declared('path-params', 'idParam'),
  responses: { 201: created(inviteResponse), 404: because('Not on the list'), 409: because('Already registered') },
});

export const removeAuthorizedEmail = defineOperation({
  method: 'DELETE',
  path: '/api/authorized-emails/:id',
  summary: 'Remove an authorized address',
  access: 'admin',
  params: declared('path-params', 'idParam'),
  responses: {
    204: noContent,
    404: because('Not on the list'),
    409: because('Your own address or the last admin'),
  },
});

export const setPermissions = defineOperation({
  method: 'PATCH',
  path: '/api/users/:userId/permissions',
  summary: "Grant or revoke a user's admin rights",
  access: 'admin',
  params: declared('path-params', 'userIdParam'),
  body: declared('users', 'updatePermissions'),
  responses: { 200: ok(permissionsResult), 404: because('No such user'), 409: because('The last admin') },
});
