import * as z from 'zod/mini';
import { health, notReady, readiness } from '../contracts/health';
import { defineOperation, ok } from './operation';

export const getHealth = defineOperation({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness',
  access: 'anyone',
  responses: { 200: ok(health) },
});

export const getReadiness = defineOperation({
  method: 'GET',
  path: '/api/ready',
  summary: 'Readiness: the database, the file store and the mail server answer',
  access: 'anyone',
  responses: { 200: ok(readiness), 503: { description: 'A part failed its check', schema: notReady } },
});

export const getOpenApiDocument = defineOperation({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This document',
  access: 'anyone',
  responses: { 200: ok(z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })) },
});
