export const SERVER_ENTRIES: Record<string, string>;
export function buildServer(outdir: string, names?: string[], options?: { sourcemap?: boolean }): Promise<number>;
