import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';

/**
 * A question before an action that cannot be taken back: Cancel and the action, the action showing `pendingLabel`
 * while it runs (both buttons disabled meanwhile). The caller runs the action and closes the dialog when it is done.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  pendingLabel,
  isPending = false,
  isDestructive = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  isPending?: boolean;
  isDestructive?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={title}
          className="sm:max-w-md"
          footer={
            <>
              <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isPending}>
                Cancel
              </Button>
              <Button variant={isDestructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={isPending}>
                {isPending ? pendingLabel : confirmLabel}
              </Button>
            </>
          }
        >
          <div className="grid gap-2 text-sm text-slate-700">{children}</div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
