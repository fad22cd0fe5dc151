import { Trash2 } from 'lucide-react';
import { Button } from './button';
import { Tooltip } from './tooltip';

/** The red bin that removes a row or a card: an icon button named for what it removes, its tooltip saying the act. */
export function BinButton({
  tooltip,
  label,
  side,
  disabled,
  onClick,
}: {
  tooltip: string;
  label: string;
  side: 'top' | 'left';
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip content={tooltip} side={side}>
      <Button variant="ghost" size="icon" aria-label={label} disabled={disabled} onClick={onClick}>
        <Trash2 aria-hidden className="h-4 w-4 text-red-600" />
      </Button>
    </Tooltip>
  );
}
