import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_RESULT_CODE_LENGTH } from '#shared/contracts/responses/results';
import { useAddResultCode, useRemoveResultCode, useResultCodes } from '#client/api/result-codes';
import { Button } from '#client/components/ui/button';
import { ChipRemoveButton } from '#client/components/ui/chip-remove-button';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';

/**
 * 'Result codes': the codes in a results file that name this vendor. Its UTM source always is one; admins add and
 * remove others, and the stored results are re-attributed at once.
 */
export function VendorResultCodesSection({ vendorId, isAdmin }: { vendorId: string; isAdmin: boolean }) {
  const id = useId();
  const codes = useResultCodes(vendorId);
  const addCode = useAddResultCode();
  const removeCode = useRemoveResultCode();
  const [draft, setDraft] = useState('');

  function add() {
    const code = draft.trim();
    if (!code || addCode.isPending) return;
    addCode.mutate(
      { vendorId, code },
      {
        onSuccess: () => setDraft(''),
        onError: (error) => toast({ title: messageOf(error, 'Failed to add the code'), variant: 'destructive' }),
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h3 id={`${id}-title`} className="text-[13px] font-medium text-slate-700">
        Result codes
      </h3>
      <p className="text-[13px] text-slate-600">
        A contribution whose reference code, source code or landing page&apos;s utm_source is one of these counts for
        this vendor.
      </p>
      {codes.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(codes.error, 'The result codes could not be loaded.')}
        </p>
      ) : codes.isPending ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : (
        <ul aria-label="Result codes" className="flex flex-wrap gap-1.5">
          <li className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-[13px]">
            <span className="font-mono wrap-anywhere">{codes.data.utmSource}</span>
            <span className="text-slate-600">(UTM source)</span>
          </li>
          {codes.data.codes.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-md bg-slate-100 py-0.5 pr-0.5 pl-2 text-[13px]"
            >
              <span className="font-mono wrap-anywhere">{code}</span>
              {isAdmin ? (
                <ChipRemoveButton
                  tooltip={`Remove ${code}`}
                  label={`Remove result code ${code}`}
                  disabled={removeCode.isPending}
                  onClick={() =>
                    removeCode.mutate(
                      { vendorId, code },
                      {
                        onError: (error) =>
                          toast({ title: messageOf(error, 'Failed to remove the code'), variant: 'destructive' }),
                      },
                    )
                  }
                  className="rounded p-1 text-slate-600 hover:bg-slate-200 disabled:opacity-50"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {isAdmin ? (
        <div className="flex gap-2">
          <label htmlFor={`${id}-new`} className="sr-only">
            New result code
          </label>
          <Input
            id={`${id}-new`}
            placeholder="Add a code"
            value={draft}
            maxLength={MAX_RESULT_CODE_LENGTH}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button variant="secondary" onClick={add} disabled={!draft.trim() || addCode.isPending}>
            <Plus aria-hidden className="h-4 w-4" />
            {addCode.isPending ? 'Adding...' : 'Add code'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
