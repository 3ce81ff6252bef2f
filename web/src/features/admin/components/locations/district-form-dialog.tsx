import { type FormEvent, useState } from 'react';
import {
  type AdminDistrict,
  districtBodySchema,
} from '../../../../../../engine/src/admin-location-schemas.ts';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { useSaveDistrict } from '../../api/save-district.ts';
import { issuesByField } from '../../form-issues.ts';
import { FormField } from '../common/form-field.tsx';
import { MutationError } from '../common/mutation-error.tsx';

/** Create a district (`district` null) or rename one. */
export function DistrictFormDialog({
  open,
  district,
  onOpenChange,
}: {
  open: boolean;
  district: AdminDistrict | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? (
          <DistrictForm key={district?.id ?? 'new'} district={district} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DistrictForm({ district, onDone }: { district: AdminDistrict | null; onDone: () => void }) {
  const [name, setName] = useState(district?.name ?? '');
  const [issue, setIssue] = useState<string | null>(null);
  const save = useSaveDistrict();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = districtBodySchema.safeParse({ name });
    if (!parsed.success) {
      setIssue(issuesByField(parsed.error).fields.name ?? null);
      return;
    }
    setIssue(null);
    if (district && parsed.data.name === district.name) return onDone();
    save.mutate({ id: district?.id ?? null, body: parsed.data }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader className="max-sm:px-8">
        <DialogTitle>{district ? `Rename ${district.name}` : 'New district'}</DialogTitle>
        <DialogDescription>
          A district groups cafés; district managers look after every café of theirs.
        </DialogDescription>
      </DialogHeader>
      <FormField label="District name" error={issue}>
        {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <MutationError error={save.error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {district ? 'Save name' : 'Create district'}
        </Button>
      </DialogFooter>
    </form>
  );
}
