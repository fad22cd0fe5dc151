import * as z from 'zod/mini';
import { approvalEmail } from '../contracts/responses/vendors';
import { defineOperation, ok, created, noContent, because, declared } from './operation';

export const listApprovalEmails = defineOperation({
  method: 'GET',
  path: '/api/approval-emails',
  summary: 'Approval addresses',
  access: 'user',
  responses: { 200: ok(z.array(approvalEmail)) },
});

export const addApprovalEmail = defineOperation({
  method: 'POST',
  path: '/api/approval-emails',
  summary: 'Add an approval address',
  access: 'user',
  body: declared('vendors', 'addApprovalEmailBody'),
  responses: { 201: created(approvalEmail), 409: because('Already an approval address') },
});

export const removeApprovalEmail = defineOperation({
  method: 'DELETE',
  path: '/api/approval-emails/:id',
  summary: 'Remove an approval address',
  access: 'user',
  params: declared('path-params', 'idParam'),
  responses: { 204: noContent, 404: because('No such approval address') },
});
