/**
 * A small checker of JSON answers, for the browser: the shapes in ./responses mirror the zod contracts the server
 * answers with (a test holds them to the published operations), at a fraction of a schema library's weight in the
 * send page's first load. Messages read as zod's do ('Invalid input: expected string, received undefined').
 */
export interface Problem {
  path: (string | number)[];
  message: string;
}

export interface Shape<T> {
  /** The value as T (objects keep only their known keys, as zod's do), noting each mismatch in problems. */
  read(value: unknown, path: (string | number)[], problems: Problem[]): T;
  /** Only on optional(): the key may be absent. */
  readonly isOptional?: boolean;
}

export type Infer<S> = S extends Shape<infer T> ? T : never;

const received = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function primitive<T>(name: string, isValid: (value: unknown) => boolean): Shape<T> {
  return {
    read(value, path, problems) {
      if (!isValid(value))
        problems.push({ path, message: `Invalid input: expected ${name}, received ${received(value)}` });
      return value as T;
    },
  };
}

export const string = primitive<string>('string', (value) => typeof value === 'string');
export const number = primitive<number>('number', (value) => typeof value === 'number' && Number.isFinite(value));
export const int = primitive<number>('int', (value) => Number.isSafeInteger(value));
export const boolean = primitive<boolean>('boolean', (value) => typeof value === 'boolean');
/** A 204's empty body. */
export const nothing = primitive<undefined>('undefined', (value) => value === undefined);

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return { read: (value, path, problems) => (value === null ? null : shape.read(value, path, problems)) };
}

export function optional<T>(shape: Shape<T>): Shape<T | undefined> {
  return {
    isOptional: true,
    read: (value, path, problems) => (value === undefined ? undefined : shape.read(value, path, problems)),
  };
}

export function oneOf<const T extends readonly string[]>(values: T): Shape<T[number]> {
  return {
    read(value, path, problems) {
      if (!values.includes(value as string))
        problems.push({
          path,
          message: `Invalid option: expected one of ${values.map((item) => JSON.stringify(item)).join('|')}`,
        });
      return value as T[number];
    },
  };
}

export function array<T>(item: Shape<T>): Shape<T[]> {
  return {
    read(value, path, problems) {
      if (!Array.isArray(value)) {
        problems.push({ path, message: `Invalid input: expected array, received ${received(value)}` });
        return value as T[];
      }
      return value.map((element, index) => item.read(element, [...path, index], problems));
    },
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function record<T>(item: Shape<T>): Shape<Record<string, T>> {
  return {
    read(value, path, problems) {
      if (!isPlainObject(value)) {
        problems.push({ path, message: `Invalid input: expected record, received ${received(value)}` });
        return value as Record<string, T>;
      }
      const result: Record<string, T> = {};
      for (const [key, element] of Object.entries(value)) result[key] = item.read(element, [...path, key], problems);
      return result;
    },
  };
}

export function object<S extends Record<string, Shape<unknown>>>(fields: S): Shape<{ [K in keyof S]: Infer<S[K]> }> {
  return {
    read(value, path, problems) {
      if (!isPlainObject(value)) {
        problems.push({ path, message: `Invalid input: expected object, received ${received(value)}` });
        return value as { [K in keyof S]: Infer<S[K]> };
      }
      const result: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(fields)) {
        if (field.isOptional && value[key] === undefined) continue;
        result[key] = field.read(value[key], [...path, key], problems);
      }
      return result as { [K in keyof S]: Infer<S[K]> };
    },
  };
}

/** The shape's fields and these more (zod's extend). */
export function extend<A extends Record<string, Shape<unknown>>, B extends Record<string, Shape<unknown>>>(
  base: A,
  more: B,
): A & B {
  return { ...base, ...more };
}

export type ReadResult<T> = { success: true; data: T } | { success: false; problems: Problem[] };

export function readShape<T>(shape: Shape<T>, value: unknown): ReadResult<T> {
  const problems: Problem[] = [];
  const data = shape.read(value, [], problems);
  return problems.length === 0 ? { success: true, data } : { success: false, problems };
}
