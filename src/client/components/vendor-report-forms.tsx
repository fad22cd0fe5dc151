import { useState, type FormEvent, type ReactNode } from 'react';
import type { TrackingState, VendorAction } from '#shared/contracts/tracking';
import { Button } from '#client/components/ui/button';
import { Input, Label, Textarea } from '#client/components/ui/input';

/**
 * The vendor's reports, one button or form each: 'Confirm received', 'Seed test sent', the schedule, 'Deployed', a note
 * and 'Cannot deploy'. Shown on the vendor page and, word for word, in the team's 'Record an update' dialog.
 */
export function ReportActions({ tracking, isPending, onAct, seedTestHint }: FormProps & { seedTestHint?: ReactNode }) {
  const isDeployed = tracking.status === 'deployed';
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={isPending || tracking.receivedAt !== null}
          onClick={() => onAct({ action: 'received' })}
        >
          {tracking.receivedAt ? 'Received' : 'Confirm received'}
        </Button>
        <Button
          variant="secondary"
          disabled={isPending || isDeployed}
          onClick={() => onAct({ action: 'seed-test-sent' })}
        >
          Seed test sent
        </Button>
      </div>
      {seedTestHint}
      {isDeployed ? null : (
        <ScheduleForm key={`schedule-${tracking.updatedAt}`} tracking={tracking} isPending={isPending} onAct={onAct} />
      )}
      <DeployedForm key={`deployed-${tracking.updatedAt}`} tracking={tracking} isPending={isPending} onAct={onAct} />
      <TextForm kind="note" isPending={isPending} onAct={onAct} />
      {isDeployed ? null : <TextForm kind="cannot-deploy" isPending={isPending} onAct={onAct} />}
    </>
  );
}

interface FormProps {
  tracking: TrackingState;
  isPending: boolean;
  onAct: (action: VendorAction) => void;
}

function Panel({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4" aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {hint ? <p className="mt-0.5 text-[13px] text-slate-600">{hint}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

const submit = (handler: () => void) => (event: FormEvent) => {
  event.preventDefault();
  handler();
};

export function ScheduleForm({ tracking, isPending, onAct }: FormProps) {
  const [date, setDate] = useState(tracking.scheduledDate ?? '');
  const [time, setTime] = useState(tracking.scheduledTime ?? '');
  const [segment, setSegment] = useState(tracking.segment ?? '');
  const [quantity, setQuantity] = useState(tracking.plannedQuantity?.toString() ?? '');
  return (
    <Panel title="Scheduled" hint="When you will deploy (New York time), to which list or segment, and how many names.">
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={submit(() => onAct({ action: 'scheduled', date, time, segment, plannedQuantity: Number(quantity) }))}
      >
        <div>
          <Label htmlFor="schedule-date">Deployment date</Label>
          <Input
            id="schedule-date"
            type="date"
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="schedule-time">Time</Label>
          <Input
            id="schedule-time"
            type="time"
            required
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="schedule-segment">List or segment</Label>
          <Input
            id="schedule-segment"
            required
            maxLength={200}
            value={segment}
            onChange={(event) => setSegment(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="schedule-quantity">Planned quantity</Label>
          <Input
            id="schedule-quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving...' : 'Save schedule'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

export function DeployedForm({ tracking, isPending, onAct }: FormProps) {
  const [date, setDate] = useState(tracking.deployedDate ?? '');
  const [quantity, setQuantity] = useState(tracking.deployedQuantity?.toString() ?? '');
  return (
    <Panel title="Deployed" hint="The day it went out and how many names it went to.">
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={submit(() => onAct({ action: 'deployed', date, quantity: Number(quantity) }))}
      >
        <div>
          <Label htmlFor="deployed-date">Deployment date</Label>
          <Input
            id="deployed-date"
            type="date"
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="deployed-quantity">Quantity sent</Label>
          <Input
            id="deployed-quantity"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" variant="send" disabled={isPending}>
            {isPending ? 'Saving...' : 'Report deployed'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

export function TextForm({ kind, isPending, onAct }: Omit<FormProps, 'tracking'> & { kind: 'note' | 'cannot-deploy' }) {
  const [text, setText] = useState('');
  const isNote = kind === 'note';
  const id = `${kind}-text`;
  return (
    <Panel
      title={isNote ? 'Note to the team' : 'Cannot deploy'}
      hint={isNote ? undefined : 'Tell the team why, so they can plan around it.'}
    >
      <form
        className="grid gap-3"
        onSubmit={submit(() => {
          onAct(isNote ? { action: 'note', text } : { action: 'cannot-deploy', reason: text });
          setText('');
        })}
      >
        <div>
          <Label htmlFor={id}>{isNote ? 'Note' : 'Reason'}</Label>
          <Textarea id={id} required maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <div>
          <Button type="submit" variant={isNote ? 'secondary' : 'destructive'} disabled={isPending}>
            {isPending ? 'Saving...' : isNote ? 'Send note' : 'Report cannot deploy'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
