import type { RunningServer } from '#server/testing/server-process';

export type AuthHeader = Record<string, string>;

/** POSTs JSON to a bench server; anything but a 2xx stops the bench with the server's answer. */
export async function postJson(server: RunningServer, path: string, body: unknown, headers: AuthHeader = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** Registers the bootstrap admin through its setup link; its Authorization header. */
export async function registerAdmin(server: RunningServer, email: string): Promise<AuthHeader> {
  const invite = new URL(await server.setupUrl(email)).searchParams.get('invite');
  const { token } = (await postJson(server, '/api/register', { email, password: 'bench password 1', invite })) as {
    token: string;
  };
  return { authorization: `Bearer ${token}` };
}

/** Adds each vendor in turn: `fields` gives what a vendor has besides its id. */
export async function addVendors(
  server: RunningServer,
  auth: AuthHeader,
  vendorIds: readonly string[],
  fields: (vendorId: string, index: number) => Record<string, unknown>,
) {
  for (const [index, vendorId] of vendorIds.entries())
    await postJson(server, '/api/vendors', { vendorId, ...fields(vendorId, index) }, auth);
}

/** A consolidated send of one email card to every vendor, for the client 'goa-victory', on Revshare terms. */
export function consolidatedSend(vendorIds: readonly string[], card: { htmlContent: string; filename?: string }) {
  return {
    selectedVendors: vendorIds,
    emailCards: [
      {
        id: 'main',
        ...card,
        subject: 'Bench',
        senderName: 'Bench',
        endDate: '2026-12-31',
        csvContent: 'link\nhttps://x.test/?utm_source=a',
      },
    ],
    textCards: [],
    selectedClient: 'goa-victory',
    allVendorLinks: {
      main: Object.fromEntries(vendorIds.map((id) => [id, `https://donate.test/?utm_source=${id}`])),
    },
    pricingModel: 'Revshare',
  };
}
