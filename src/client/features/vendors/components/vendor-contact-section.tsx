import { Check, Pencil, Plus } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import type { Vendor } from '#shared/contracts/vendors';
import { Button } from '#client/components/ui/button';
import { ChipRemoveButton } from '#client/components/ui/chip-remove-button';
import { Input, Label } from '#client/components/ui/input';
import { Tooltip } from '#client/components/ui/tooltip';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useUpdateVendor } from '#client/api/vendors';

interface ContactDraft {
  emails: string[];
  emailKey: string;
  textKey: string;
}

const sectionTitle = 'text-[13px] font-medium text-slate-700';

/**
 * The vendor's addresses and hub keys. Admins switch on edit mode, which copies the current values into a draft;
 * switching it off saves the draft. The draft lives only as long as the modal, so closing it discards the changes.
 */
export function VendorContactSection({
  vendor,
  isAdmin,
  onSaveError,
}: {
  vendor: Vendor;
  isAdmin: boolean;
  /** Answers true when it handled the error (the vendor is gone). */
  onSaveError: (error: unknown) => boolean;
}) {
  const id = useId();
  const updateVendor = useUpdateVendor();
  const [draft, setDraft] = useState<ContactDraft | null>(null);
  const isEditing = draft !== null;

  function toggleEditMode() {
    if (!draft) {
      setDraft({
        emails: vendor.emails,
        emailKey: vendor.emailProspectingKey ?? '',
        textKey: vendor.textProspectingKey ?? '',
      });
      return;
    }
    updateVendor.mutate(
      {
        vendorId: vendor.vendorId,
        name: vendor.name,
        emails: draft.emails,
        defaultUtmSource: vendor.defaultUtmSource,
        emailProspectingKey: draft.emailKey.trim() || null,
        textProspectingKey: draft.textKey.trim() || null,
      },
      {
        onSuccess: () => {
          setDraft(null);
          toast({ title: 'Vendor emails updated successfully' });
        },
        // Edit mode stays on after a failure, so the draft is not lost.
        onError: (error) => {
          if (!onSaveError(error))
            toast({ title: messageOf(error, 'Failed to update vendor emails'), variant: 'destructive' });
        },
      },
    );
  }

  const emails = draft?.emails ?? vendor.emails;
  return (
    <section aria-labelledby={`${id}-emails`} className="grid gap-4">
      <div>
        <div className="mb-2 flex min-h-8 items-center justify-between gap-3">
          <h3 id={`${id}-emails`} className={sectionTitle}>
            Email Addresses
          </h3>
          {isAdmin ? (
            <Button
              variant={isEditing ? 'primary' : 'secondary'}
              size="sm"
              onClick={toggleEditMode}
              disabled={updateVendor.isPending}
            >
              {isEditing ? (
                <Check aria-hidden className="h-3.5 w-3.5" />
              ) : (
                <Pencil aria-hidden className="h-3.5 w-3.5" />
              )}
              {updateVendor.isPending ? 'Saving...' : isEditing ? 'Save' : 'Edit'}
            </Button>
          ) : null}
        </div>
        {emails.length === 0 ? (
          <p className="text-sm text-slate-600">No email configured</p>
        ) : (
          <ul aria-label="Email addresses" className="flex flex-wrap gap-1.5">
            {emails.map((email) => (
              <li
                key={email}
                className="inline-flex max-w-full items-center gap-1 rounded-md border border-slate-200 bg-slate-50 py-0.5 pl-2 pr-0.5 text-[13px] text-slate-800"
              >
                <span className="truncate py-0.5 pr-1.5">{email}</span>
                {draft ? (
                  <ChipRemoveButton
                    tooltip="Remove address"
                    label={`Remove ${email}`}
                    side="top"
                    onClick={() => setDraft({ ...draft, emails: draft.emails.filter((item) => item !== email) })}
                    className="rounded p-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {draft ? (
          <NewEmailInput
            emails={draft.emails}
            onAdd={(email) => setDraft({ ...draft, emails: [...draft.emails, email] })}
          />
        ) : null}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <HubKeyField
          label="Email Prospecting Hub Key"
          placeholder="[Email key not set]"
          value={draft ? draft.emailKey : vendor.emailProspectingKey}
          onChange={draft ? (emailKey) => setDraft({ ...draft, emailKey }) : undefined}
        />
        <HubKeyField
          label="Text Prospecting Hub Key"
          placeholder="[Text key not set]"
          value={draft ? draft.textKey : vendor.textProspectingKey}
          onChange={draft ? (textKey) => setDraft({ ...draft, textKey }) : undefined}
        />
      </div>
    </section>
  );
}

/** Enter (or the plus button) adds the trimmed address unless it is empty or already listed. */
function NewEmailInput({ emails, onAdd }: { emails: string[]; onAdd: (email: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [duplicate, setDuplicate] = useState<string | null>(null);

  function add() {
    const email = value.trim();
    if (!email) return;
    if (emails.some((item) => item.toLowerCase() === email.toLowerCase())) {
      setDuplicate(email);
      return;
    }
    onAdd(email);
    setValue('');
    setDuplicate(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  return (
    <div className="mt-3">
      <Label htmlFor={id} className="sr-only">
        New email address
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="email"
          autoComplete="off"
          placeholder="Add an address and press Enter"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setDuplicate(null);
          }}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-hint`}
        />
        <Tooltip content="Add address" side="top">
          <Button variant="secondary" size="icon" className="h-9 w-9" aria-label="Add email address" onClick={add}>
            <Plus aria-hidden className="h-4 w-4" />
          </Button>
        </Tooltip>
      </div>
      <p id={`${id}-hint`} role="status" className="mt-1 min-h-4 text-xs text-slate-600">
        {duplicate ? `${duplicate} is already in the list.` : ''}
      </p>
    </div>
  );
}

/** Read-only text outside edit mode (with the spec's placeholder when empty), an input in edit mode. */
function HubKeyField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string | null;
  onChange?: (value: string) => void;
}) {
  const id = useId();
  if (onChange) {
    return (
      <div>
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          autoComplete="off"
          placeholder={placeholder}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
          className="font-mono text-[13px]"
        />
      </div>
    );
  }
  return (
    <dl>
      <dt className="mb-1 text-[13px] font-medium text-slate-700">{label}</dt>
      <dd className="flex h-9 items-center text-[13px]">
        {value ? (
          <span className="truncate font-mono text-slate-900">{value}</span>
        ) : (
          <span className="truncate text-slate-600">{placeholder}</span>
        )}
      </dd>
    </dl>
  );
}
