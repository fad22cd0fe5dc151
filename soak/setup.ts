import type { Instance } from './instance';

export const ADMIN = 'admin@agency.test';
export const PASSWORD = 'soak password 1';
export const VENDOR_IDS = Array.from({ length: 10 }, (_, i) => `soakv${String(i).padStart(2, '0')}`);
export const userEmail = (index: number) => `user${String(index).padStart(2, '0')}@agency.test`;

/** Users with admin rights (they edit the vendors; the others edit vendor settings). */
export const ADMIN_USERS = 2;

async function call(method: string, instance: Instance, path: string, body: unknown, token?: string) {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`setup ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
const post = (instance: Instance, path: string, body: unknown, token?: string) =>
  call('POST', instance, path, body, token);

const inviteOf = (url: string) => new URL(url).searchParams.get('invite');

/** Through the API of the first instance: the first admin, an approval address, the vendors and the users' accounts. */
export async function seed(instance: Instance, userCount: number) {
  const admin = await post(instance, '/api/register', {
    email: ADMIN,
    password: PASSWORD,
    invite: inviteOf(await instance.setupUrl(ADMIN)),
  });
  const token = String(admin.token);
  await post(instance, '/api/approval-emails', { email: 'approvals@agency.test' }, token);
  for (const vendorId of VENDOR_IDS) {
    await post(
      instance,
      '/api/vendors',
      {
        vendorId,
        name: `Vendor ${vendorId}`,
        emails: [`${vendorId}@vendors.test`],
        defaultUtmSource: vendorId,
        emailProspectingKey: `KEY-${vendorId}`,
      },
      token,
    );
  }
  for (let index = 0; index < userCount; index++) {
    const { inviteUrl } = await post(instance, '/api/authorized-emails', { email: userEmail(index) }, token);
    await post(instance, '/api/register', {
      email: userEmail(index),
      password: PASSWORD,
      invite: inviteOf(String(inviteUrl)),
    });
  }
  const accounts = (await (
    await fetch(`${instance.url}/api/users`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number; email: string }[];
  for (let index = 0; index < ADMIN_USERS; index++) {
    const account = accounts.find((entry) => entry.email === userEmail(index))!;
    await call('PATCH', instance, `/api/users/${account.id}/permissions`, { isAdmin: true }, token);
  }
}
