import { useId, useState, type FormEvent } from 'react';
import { generateVendorId } from '#shared/rules/vendor-id';
import { Button } from '#client/components/ui/button';
import { DialogContent } from '#client/components/ui/dialog';
import { Input, Label } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useCreateVendor } from '#client/api/vendors';

const EMPTY_FORM = { name: '', email: '', utmSource: '', emailKey: '', textKey: '' };

/** The 'Add New Vendor' modal's content; rendered inside an open Dialog, so closing it resets the form. */
export function AddVendorDialogContent({ onClose }: { onClose: () => void }) {
  const id = useId();
  const formId = `${id}-form`;
  const createVendor = useCreateVendor();
  const [form, setForm] = useState(EMPTY_FORM);
  const set = (field: keyof typeof EMPTY_FORM) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const name = form.name.trim();
  const email = form.email.trim();
  const utmSource = form.utmSource.trim();
  // SPEC 5: the button is disabled without an address or UTM source; the action also needs the name.
  const isDisabled = !email || !utmSource || createVendor.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name || !email || !utmSource || createVendor.isPending) return;
    createVendor.mutate(
      {
        vendorId: generateVendorId(name, utmSource, Date.now()),
        name,
        emails: [email],
        defaultUtmSource: utmSource,
        emailProspectingKey: form.emailKey.trim() || null,
        textProspectingKey: form.textKey.trim() || null,
      },
      {
        onSuccess: () => {
          toast({ title: 'Vendor added successfully' });
          setForm(EMPTY_FORM);
          onClose();
        },
        onError: (error) => toast({ title: messageOf(error, 'Failed to add vendor'), variant: 'destructive' }),
      },
    );
  }

  return (
    <DialogContent
      title="Add New Vendor"
      description="The vendor is added for everyone. Its ID is made from the UTM source."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isDisabled}>
            {createVendor.isPending ? 'Adding...' : 'Add Vendor'}
          </Button>
        </>
      }
    >
      {/* noValidate: the server checks the address and its message is shown, as everywhere else. */}
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4">
        <div>
          <Label htmlFor={`${id}-name`}>Vendor Name</Label>
          <Input id={`${id}-name`} required autoComplete="off" value={form.name} onChange={set('name')} autoFocus />
        </div>
        <div>
          <Label htmlFor={`${id}-email`}>Email Address</Label>
          <Input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="off"
            placeholder="name@vendor.com"
            value={form.email}
            onChange={set('email')}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-utm`}>Default UTM Source</Label>
          <Input
            id={`${id}-utm`}
            required
            autoComplete="off"
            placeholder="e.g. vendorname"
            value={form.utmSource}
            onChange={set('utmSource')}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-email-key`}>
            Email Prospecting Hub Key <span className="font-normal text-slate-600">(optional)</span>
          </Label>
          <Input
            id={`${id}-email-key`}
            autoComplete="off"
            value={form.emailKey}
            onChange={set('emailKey')}
            className="font-mono text-[13px]"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-text-key`}>
            Text Prospecting Hub Key <span className="font-normal text-slate-600">(optional)</span>
          </Label>
          <Input
            id={`${id}-text-key`}
            autoComplete="off"
            value={form.textKey}
            onChange={set('textKey')}
            className="font-mono text-[13px]"
          />
        </div>
      </form>
    </DialogContent>
  );
}
