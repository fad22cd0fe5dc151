import { useState, type ComponentProps, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A button that asks first: it opens a ConfirmDialog, and the confirmed action is given `close` to call when it is done
 * (on success, or once settled, as the action decides).
 */
export function ConfirmButton({
  button,
  label,
  onConfirm,
  ...question
}: Omit<ComponentProps<typeof ConfirmDialog>, 'open' | 'onOpenChange' | 'onConfirm'> & {
  button: Omit<ButtonProps, 'onClick' | 'children'>;
  label: ReactNode;
  onConfirm: (close: () => void) => void;
}) {
  const [isAsking, setAsking] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setAsking(true)}>
        {label}
      </Button>
      <ConfirmDialog
        {...question}
        open={isAsking}
        onOpenChange={setAsking}
        onConfirm={() => onConfirm(() => setAsking(false))}
      />
    </>
  );
}
