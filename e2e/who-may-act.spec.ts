import { authorize, expect, signInWithToken, test, tokenFor, uniqueEmail } from './fixtures';
import { cpdSend } from './send-fixtures';
import { vendorActs } from './vendor-links';

const refusal = (action: string) => `Only the person who made this send, or an admin, can ${action}.`;

test("a colleague who is neither the sender nor an admin is told why an answer, a link, an update or reminders on are refused, as for 'Retry failed'", async ({
  page,
  request,
}) => {
  // The admin's send; a member of staff who did not make it.
  const { admin, sendId, acme } = await cpdSend(request, 'Colleague');
  const email = uniqueEmail('colleague');
  await authorize(request, admin, email);
  const colleague = await tokenFor(request, email);
  await vendorActs(request, acme.email, { action: 'seed-test-sent' });
  const toast = page.getByTestId('toast');

  // The Tracking board: 'Approve' and 'Request changes' say why they were refused; the card stays where it was.
  await signInWithToken(page, colleague, '/tracking');
  const seedColumn = page.getByRole('region', { name: 'Seed test sent' });
  await seedColumn.getByRole('button', { name: `Approve the seed test of ${acme.name}` }).click();
  await expect(toast.getByText(refusal("answer its vendors' seed tests"), { exact: true })).toBeVisible();
  await seedColumn.getByRole('button', { name: `Request changes to the seed test of ${acme.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Request changes?' });
  await dialog.getByLabel('What needs to change').fill('Send it to me instead.');
  await dialog.getByRole('button', { name: 'Request changes' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(refusal("answer its vendors' seed tests"));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(seedColumn.getByText(acme.name)).toBeVisible();

  // Deployment Details: reminders off is anyone's; on again, a link turned off and a recorded update are refused with the reason.
  await page.goto('/deployment-log');
  await page
    .getByTestId(`log-entry-${sendId}`)
    .getByRole('button', { name: /show the Deployment Details/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Deployment Details' });
  const reminders = details.getByRole('checkbox', { name: 'Send reminders to vendors' });
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await expect(toast.getByText('Reminders off', { exact: true })).toBeVisible();
  await reminders.click();
  await expect(toast.getByText(refusal('turn its reminders on'), { exact: true })).toBeVisible();
  await expect(reminders).not.toBeChecked();

  const acmeRow = details.getByRole('list', { name: 'Vendors' }).getByRole('listitem').filter({ hasText: acme.name });
  await acmeRow.getByRole('button', { name: `Revoke link for ${acme.name}` }).click();
  const confirm = page.getByRole('dialog', { name: "Revoke this vendor's link?" });
  await confirm.getByRole('button', { name: 'Revoke link' }).click();
  await expect(toast.getByText(refusal("turn off its vendors' links"), { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  await acmeRow.getByRole('button', { name: `Record an update for ${acme.name}` }).click();
  const record = page.getByRole('dialog', { name: `Record an update for ${acme.name}` });
  const note = record.getByRole('region', { name: 'Note to the team' });
  await note.getByLabel('Note').fill('They said they would deploy on Friday.');
  await note.getByRole('button', { name: 'Send note' }).click();
  await expect(record.getByRole('alert')).toHaveText(refusal('record updates for its vendors'));

  // Nothing changed for the vendor: its status and its link are as before.
  const entry = await (
    await request.get(`/api/email-logs/${sendId}`, { headers: { authorization: `Bearer ${admin}` } })
  ).json();
  const delivery = entry.deliveries.find((candidate: { vendorId: string }) => candidate.vendorId === acme.vendorId);
  expect(delivery.tracking.status).toBe('seed-test-sent');
  expect(delivery.vendorLink.revokedAt).toBeNull();
  expect(entry.remindersEnabled).toBe(false);
});
