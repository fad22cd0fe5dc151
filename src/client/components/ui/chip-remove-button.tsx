import { X } from 'lucide-react';
import { Tooltip } from './tooltip';

/** The small × that takes one item (an address, a code) off a list of chips, named for the item. */
export function ChipRemoveButton({
  tooltip,
  label,
  side,
  disabled,
  className,
  onClick,
}: {
  tooltip: string;
  label: string;
  side?: 'top';
  disabled?: boolean;
  className: string;
  onClick(): void;
}) {
  return (
    <Tooltip content={tooltip} side={side}>
      <button type="button" aria-label={label} disabled={disabled} onClick={onClick} className={className}>
        <X aria-hidden className="h-3.5 w-3.5" />
      </button>
    </Tooltip>
  );
}
