import { CopyPlus, UserPlus } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';

/** 'Use as new send' and 'Add vendors', on a log entry and in its details: a past send put to work again. */
export function ReuseSendActions({
  onUseAsNew,
  onAddVendors,
  isUsingAsNew,
  className,
}: {
  onUseAsNew: () => void;
  onAddVendors: () => void;
  isUsingAsNew: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button variant="secondary" size="sm" onClick={onUseAsNew} disabled={isUsingAsNew}>
        <CopyPlus aria-hidden className="h-3.5 w-3.5" />
        {isUsingAsNew ? 'Loading...' : 'Use as new send'}
      </Button>
      <Button variant="secondary" size="sm" onClick={onAddVendors}>
        <UserPlus aria-hidden className="h-3.5 w-3.5" />
        Add vendors
      </Button>
    </div>
  );
}
