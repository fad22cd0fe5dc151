import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';

/** One statement on its own connection to the server (CREATE and DROP DATABASE cannot run in a transaction). */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A database on the server with every migration applied, left with no session on it, so that `CREATE DATABASE …
 * TEMPLATE` can copy it (a copy of a few megabytes, where running the migrations again took seconds per test).
 */
export async function createPostgresTemplate(serverUrl: string) {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
  await database.close();
  return { name, drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`) };
}
