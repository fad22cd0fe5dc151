export const PG_BIN: string;
export function ensurePostgresInstalled(): boolean;
export function startPostgresCluster(): Promise<{ url: string; port: number; stop(): void }>;
