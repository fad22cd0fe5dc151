import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { answerSchemaOf, declaredAnswer } from './declared-answer';

describe('declaredAnswer', () => {
  it('keeps what a loose object or a record declares (any key), and what a union of objects names', () => {
    expect(declaredAnswer(z.looseObject({ a: z.number() }), { a: 1, extra: 2 })).toEqual({ a: 1, extra: 2 });
    expect(
      declaredAnswer(z.record(z.string(), z.object({ n: z.number() })), { x: { n: 1, leak: 1 }, y: { n: 2 } }),
    ).toEqual({ x: { n: 1 }, y: { n: 2 } });
    const either = z.union([z.object({ kind: z.literal('a'), a: z.number() }), z.object({ kind: z.literal('b') })]);
    expect(declaredAnswer(either, { kind: 'a', a: 1, leak: true })).toEqual({ kind: 'a', a: 1 });
    expect(declaredAnswer(z.nullable(z.object({ a: z.number() })), null)).toBeNull();
  });

  it('reads through optional, pipes and lazy schemas, and leaves dates and scalars as they are', () => {
    const when = new Date('2026-03-10T15:00:00.000Z');
    const row = z.object({ at: z.string(), n: z.optional(z.pipe(z.number(), z.transform(String))) });
    expect(declaredAnswer(z.array(z.lazy(() => row)), [{ at: when, n: 1, leak: 1 }])).toEqual([{ at: when, n: 1 }]);
    expect(declaredAnswer(z.string(), 'text')).toBe('text');
  });

  it('uses the schema of the status, or the only declared success for another 2xx', () => {
    const one = z.object({ a: z.number() });
    expect(answerSchemaOf({ 201: { description: 'Created', schema: one } }, 200)).toBe(one);
    expect(answerSchemaOf({ 201: { description: 'Created', schema: one } }, 409)).toBeUndefined();
    expect(answerSchemaOf({ 200: { description: 'OK' }, 201: { description: 'Created', schema: one } }, 202)).toBe(
      undefined,
    );
  });
});
