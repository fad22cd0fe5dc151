import { useId, useState } from 'react';
import { MAX_ATTRIBUTION_WINDOW_DAYS } from '#shared/contracts/responses/results';
import { DropZone } from '#client/components/drop-zone';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Input, Label } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/use-toast';
import { ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { messageOf } from '#client/lib/request';
import { useDeletePriorDonors, useUploadPriorDonors } from '../api/prior-donors';
import { useResultsSettings, useSaveAttributionWindow } from '../api/settings';
import { ErrorNote, Panel } from './panel';

const count = new Intl.NumberFormat('en-US');

function AttributionWindow({ client, days }: { client: string; days: number }) {
  const id = useId();
  const [value, setValue] = useState(String(days));
  const save = useSaveAttributionWindow();
  const parsed = Number(value);
  const isValid = Number.isInteger(parsed) && parsed >= 1 && parsed <= MAX_ATTRIBUTION_WINDOW_DAYS;
  return (
    <form
      className="grid"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid) return;
        save.mutate(
          { client, attributionWindowDays: parsed },
          {
            onSuccess: () => toast({ title: 'Attribution window saved' }),
            onError: (error) =>
              toast({ title: messageOf(error, 'Failed to save the attribution window'), variant: 'destructive' }),
          },
        );
      }}
    >
      <Label htmlFor={id}>Attribution window (days)</Label>
      <div className="flex flex-wrap items-center gap-2">
        <div className="w-28">
          <Input
            id={id}
            type="number"
            min={1}
            max={MAX_ATTRIBUTION_WINDOW_DAYS}
            step={1}
            value={value}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!isValid || parsed === days || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-[13px] text-slate-600">
        A gift counts for the latest send to its vendor mailed at most this many days before it (1 to{' '}
        {MAX_ATTRIBUTION_WINDOW_DAYS}). Changing it re-attributes every imported contribution.
      </p>
    </form>
  );
}

function PriorDonors({ client, priorDonors, isAdmin }: { client: string; priorDonors: number; isAdmin: boolean }) {
  const upload = useUploadPriorDonors();
  const remove = useDeletePriorDonors();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  return (
    <div className="grid gap-2">
      <h3 className="text-[13px] font-medium text-slate-700">Prior donor file</h3>
      <p className="text-sm tabular-nums">
        {priorDonors === 0
          ? 'No prior donor file.'
          : `${count.format(priorDonors)} prior ${priorDonors === 1 ? 'donor' : 'donors'} on file (kept only as keyed hashes of their e-mail addresses).`}
      </p>
      {isAdmin ? (
        <>
          <DropZone
            label={upload.isPending ? 'Uploading...' : 'Upload a prior donor file'}
            hint="A CSV of e-mail addresses; it replaces the current file"
            accept=".csv,text/csv"
            multiple={false}
            onFiles={([file]) => {
              if (!file || upload.isPending) return;
              upload.mutate(
                { client, file },
                {
                  onSuccess: ({ priorDonors: total }) =>
                    toast({ title: `Prior donor file saved: ${count.format(total)} donors` }),
                },
              );
            }}
          />
          {upload.isError ? (
            <ErrorNote>{messageOf(upload.error, 'The prior donor file could not be saved.')}</ErrorNote>
          ) : null}
          {priorDonors > 0 ? (
            <div>
              <Button variant="secondary" size="sm" onClick={() => setConfirmOpen(true)}>
                Delete prior donor file
              </Button>
            </div>
          ) : null}
          <ConfirmDialog
            open={isConfirmOpen}
            onOpenChange={setConfirmOpen}
            title="Delete Prior Donor File"
            confirmLabel="Delete File"
            pendingLabel="Deleting..."
            isDestructive
            isPending={remove.isPending}
            onConfirm={() =>
              remove.mutate(client, {
                onSuccess: () => {
                  setConfirmOpen(false);
                  toast({ title: 'Prior donor file deleted' });
                },
                onError: (error) =>
                  toast({ title: messageOf(error, 'Failed to delete the prior donor file'), variant: 'destructive' }),
              })
            }
          >
            <p>Donors in it may then count as new donors. This cannot be undone.</p>
          </ConfirmDialog>
        </>
      ) : null}
    </div>
  );
}

/** The client's attribution window (anyone) and prior donor file (admins change it). */
export function SettingsSection({ client, isAdmin }: { client: string; isAdmin: boolean }) {
  const settings = useResultsSettings(client);
  return (
    <Panel title="Attribution">
      {settings.isError ? (
        <ListLoadError message="The settings could not be loaded." onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <ListLoading className="grid">
          <Skeleton className="h-16" />
        </ListLoading>
      ) : (
        <div className="grid gap-5 md:grid-cols-2">
          {/* Keyed by client only: a remount on the saved value would drop the save's own callbacks. */}
          <AttributionWindow key={client} client={client} days={settings.data.attributionWindowDays} />
          <PriorDonors client={client} priorDonors={settings.data.priorDonors} isAdmin={isAdmin} />
        </div>
      )}
    </Panel>
  );
}
