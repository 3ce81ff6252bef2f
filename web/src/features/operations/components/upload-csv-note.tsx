import { Button } from '@web/components/ui/button.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { Upload } from 'lucide-react';

/**
 * "Upload CSV only shows a note" (the specification's operation screen). PARs from a spreadsheet go in through
 * the administrator's command, which checks every row before it writes any (docs/cli.md): the note says so, so a
 * manager with a file knows where it goes.
 */
export function UploadCsvNote() {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        toast({
          title: 'PARs from a CSV file',
          description:
            'An administrator imports them with `parstock pars import FILE.csv`, which checks every row first and writes nothing if one is wrong. Send your file to your administrator.',
        })
      }
    >
      <Upload aria-hidden />
      Upload CSV
    </Button>
  );
}
