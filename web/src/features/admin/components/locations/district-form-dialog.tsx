import {
  type AdminDistrict,
  districtBodySchema,
  renameDistrictBodySchema,
} from '@engine/admin-location-schemas.ts';
import { Input } from '@web/components/ui/input.tsx';
import { useSaveDistrict } from '@web/features/admin/api/save-district.ts';
import {
  DialogForm,
  FormDialog,
  FormDialogFooter,
} from '@web/features/admin/components/common/form-dialog.tsx';
import { FormField } from '@web/features/admin/components/common/form-field.tsx';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { useSchemaIssues } from '@web/features/admin/hooks/use-schema-issues.ts';
import { useState } from 'react';

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
  // The name as the form was opened: a rename by another administrator since is refused, not overwritten.
  const [openedName] = useState(district?.name);
  const { issues, check } = useSchemaIssues();
  const save = useSaveDistrict();

  function submit() {
    if (!district) {
      const body = check(districtBodySchema, { name });
      if (body) save.mutate({ id: null, body }, { onSuccess: onDone });
      return;
    }
    const body = check(renameDistrictBodySchema, { name, expectedName: openedName });
    if (!body) return;
    if (body.name === openedName) return onDone();
    save.mutate({ id: district.id, body }, { onSuccess: onDone });
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
