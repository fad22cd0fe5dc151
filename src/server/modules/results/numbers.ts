/** A count or sum as the database answers it (a bigint may come as text), as a number; 0 when there is none. */
export const toNumber = (value: unknown) => Number(value ?? 0);
