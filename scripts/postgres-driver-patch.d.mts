import type { Plugin } from 'esbuild';

export function patchPostgresConnection(source: string): string;
export const patchedPostgresPlugin: Plugin;
