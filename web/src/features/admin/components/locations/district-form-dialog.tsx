import { useState } from 'react';
import {
  type AdminDistrict,
  districtBodySchema,
} from '../../../../../../engine/src/admin-location-schemas.ts';
import { Input } from '../../../../components/ui/input.tsx';
import { useSaveDistrict } from '../../api/save-district.ts';
import { useSchemaIssues } from '../../hooks/use-schema-issues.ts';
import { DialogForm, FormDialog, FormDialogFooter } from '../common/form-dialog.tsx';
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
    <FormDialog open={open} onOpenChange={onOpenChange} formKey={district?.id ?? 'new'}>
      {(close) => <DistrictForm district={district} onDone={close} />}
    </FormDialog>
  );
}

function DistrictForm({ district, onDone }: { district: AdminDistrict | null; onDone: () => void }) {
  const [name, setName] = useState(district?.name ?? '');
  const { issues, check } = useSchemaIssues();
  const save = useSaveDistrict();

  function submit() {
    const body = check(districtBodySchema, { name });
    if (!body) return;
    if (district && body.name === district.name) return onDone();
    save.mutate({ id: district?.id ?? null, body }, { onSuccess: onDone });
  }

  return (
    <DialogForm
      title={district ? `Rename ${district.name}` : 'New district'}
      description="A district groups cafés; district managers look after every café of theirs."
      onSubmit={submit}
    >
      <FormField label="District name" error={issues.name}>
        {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <MutationError error={save.error} />
      <FormDialogFooter
        onCancel={onDone}
        pending={save.isPending}
        submitLabel={district ? 'Save name' : 'Create district'}
      />
    </DialogForm>
  );
}
