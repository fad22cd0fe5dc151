import { useRef } from 'react';

/** True when both lists hold the same values in the same places (`Object.is`, as React compares a memo's deps). */
export function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((part, i) => Object.is(part, b[i]));
}

/**
 * A memo whose inputs are a list of any length: the value is made again only when a part differs. The send page's
 * derived views (link check, warnings) read a few fields of every card, and the cards array is new on each keystroke;
 * listing the fields they read keeps the value, and the memoized components that take it, as they were.
 */
export function useMemoByParts<T>(make: () => T, parts: readonly unknown[]): T {
  const memo = useRef<{ parts: readonly unknown[]; value: T } | null>(null);
  if (memo.current === null || !sameParts(memo.current.parts, parts)) memo.current = { parts, value: make() };
  return memo.current.value;
}
