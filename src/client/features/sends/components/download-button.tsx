import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';

/** A download through the API (with the bearer token); a failure says so in the spec's words. */
export function DownloadButton({
  label,
  accessibleName,
  download,
  disabled,
}: {
  label: string;
  /** When several buttons share a label, the name that tells them apart; it starts with the label. */
  accessibleName?: string;
  download: () => Promise<void>;
  disabled?: boolean;
}) {
  const [isDownloading, setDownloading] = useState(false);

  async function run() {
    setDownloading(true);
    try {
      await download();
    } catch {
      toast({
        title: 'Download Failed',
        description: 'Failed to download the file. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={accessibleName}
      disabled={disabled || isDownloading}
      aria-busy={isDownloading}
      onClick={() => void run()}
    >
      <Download aria-hidden className="h-3.5 w-3.5" />
      {label}
    </Button>
  );
}
