import { useState, type FormEvent, type ReactNode } from 'react';
import type { TrackingState, VendorAction } from '#shared/contracts/tracking';
import { Button, type ButtonProps } from '#client/components/ui/button';
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

/** A panel holding one report's fields in two columns, and the button that sends it ('Saving...' meanwhile). */
function ReportForm({
  title,
  hint,
  submitLabel,
  submitVariant,
  isPending,
  onSubmit,
  children,
}: {
  title: string;
  hint: string;
  submitLabel: string;
  submitVariant?: ButtonProps['variant'];
  isPending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Panel title={title} hint={hint}>
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit(onSubmit)}>
        {children}
        <div className="sm:col-span-2">
          <Button type="submit" variant={submitVariant} disabled={isPending}>
            {isPending ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** A required field with its label; a whole number of names when `min` is given. */
function ReportField({
  id,
  label,
  value,
  onChange,
  type,
  min,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'date' | 'time';
  min?: number;
  maxLength?: number;
}) {
  const count = min === undefined ? {} : ({ type: 'number', inputMode: 'numeric', min, step: 1 } as const);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        {...count}
        required
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function ScheduleForm({ tracking, isPending, onAct }: FormProps) {
  const [date, setDate] = useState(tracking.scheduledDate ?? '');
  const [time, setTime] = useState(tracking.scheduledTime ?? '');
  const [segment, setSegment] = useState(tracking.segment ?? '');
  const [quantity, setQuantity] = useState(tracking.plannedQuantity?.toString() ?? '');
  return (
    <ReportForm
      title="Scheduled"
      hint="When you will deploy (New York time), to which list or segment, and how many names."
      submitLabel="Save schedule"
      isPending={isPending}
      onSubmit={() => onAct({ action: 'scheduled', date, time, segment, plannedQuantity: Number(quantity) })}
    >
      <ReportField id="schedule-date" label="Deployment date" type="date" value={date} onChange={setDate} />
      <ReportField id="schedule-time" label="Time" type="time" value={time} onChange={setTime} />
      <ReportField
        id="schedule-segment"
        label="List or segment"
        maxLength={200}
        value={segment}
        onChange={setSegment}
      />
      <ReportField id="schedule-quantity" label="Planned quantity" min={1} value={quantity} onChange={setQuantity} />
    </ReportForm>
  );
}

export function DeployedForm({ tracking, isPending, onAct }: FormProps) {
  const [date, setDate] = useState(tracking.deployedDate ?? '');
  const [quantity, setQuantity] = useState(tracking.deployedQuantity?.toString() ?? '');
  return (
    <ReportForm
      title="Deployed"
      hint="The day it went out and how many names it went to."
      submitLabel="Report deployed"
      submitVariant="send"
      isPending={isPending}
      onSubmit={() => onAct({ action: 'deployed', date, quantity: Number(quantity) })}
    >
      <ReportField id="deployed-date" label="Deployment date" type="date" value={date} onChange={setDate} />
      <ReportField id="deployed-quantity" label="Quantity sent" min={0} value={quantity} onChange={setQuantity} />
    </ReportForm>
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
