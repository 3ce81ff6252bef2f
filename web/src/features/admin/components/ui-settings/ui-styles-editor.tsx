import { uiSettingsBodySchema } from '@engine/admin-ui-style-schemas.ts';
import { DEFAULT_UI_STYLES, type UiStyles, uiStylesSchema } from '@engine/ui-settings.ts';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useSaveUiSettings } from '@web/features/admin/api/save-ui-settings.ts';
import { FormField } from '@web/features/admin/components/common/form-field.tsx';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { useOpenedDraft } from '@web/features/admin/hooks/use-opened-draft.ts';
import { STYLE_SECTIONS, type StyleField } from '@web/features/admin/ui-style-fields.ts';
import { errorCodeOf } from '@web/lib/api-client.ts';
import { uiSettingsQueryOptions } from '@web/lib/shared-reads/ui-settings.ts';
import { mergeUiStyles } from '@web/lib/ui-settings-css.ts';
import { RotateCcw } from 'lucide-react';
import { useId, useMemo } from 'react';
import { UiStylePreview } from './ui-style-preview.tsx';

type Section = keyof UiStyles;

const HEX6 = /^#[0-9a-f]{6}$/i;

function labelOf(key: string): string {
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function StyleControl({
  field,
  value,
  label,
  error,
  onChange,
}: {
  field: StyleField | undefined;
  value: string;
  label: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const pickerId = useId();

  if (field?.kind === 'choice') {
    const known = field.options.some((option) => option.value === value);
    return (
      <FormField label={label} error={error}>
        {(control) => (
          <Select value={value} onValueChange={onChange}>
            <SelectTrigger {...control} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {known ? null : <SelectItem value={value}>{`${value} (custom)`}</SelectItem>}
              {field.options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
    );
  }
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <div className="flex items-center gap-2">
          {field?.kind === 'color' ? (
            <input
              id={pickerId}
              type="color"
              aria-label={`${label} picker`}
              value={HEX6.test(value) ? value : '#000000'}
              onChange={(event) => onChange(event.target.value)}
              className="h-11 w-12 shrink-0 cursor-pointer rounded-[var(--ui-input-radius,var(--radius))] border border-input bg-background p-1"
            />
          ) : null}
          <Input
            {...control}
            value={value}
            spellCheck={false}
            autoComplete="off"
            className="font-mono"
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      )}
    </FormField>
  );
}

const sameStyles = (styles: UiStyles) => styles;
const stylesChanged = (opened: UiStyles, draft: UiStyles) => JSON.stringify(draft) !== JSON.stringify(opened);

/**
 * The brand styles of requirements §3, group by group, with a preview that shows the edits at once and only there.
 * Saving applies them to everyone; "Reset to defaults" brings back the product's own look (then save).
 */
export function UiStylesEditor() {
  const settings = useQuery(uiSettingsQueryOptions());
  const save = useSaveUiSettings();
  const saved = useMemo(() => mergeUiStyles(settings.data?.styles), [settings.data]);
  const { opened, draft, setDraft, dirty, reset, refused } = useOpenedDraft(
    saved,
    sameStyles,
    stylesChanged,
    saved,
  );
  const isDefault = JSON.stringify(draft) === JSON.stringify(DEFAULT_UI_STYLES);
  const parsed = uiSettingsBodySchema.safeParse({ styles: draft });
  // The engine's own messages, shown beside the field they name (a contrast problem beside the text colour).
  const problems = new Map<string, string>();
  for (const issue of parsed.error?.issues ?? []) {
    const at = issue.path.slice(1).join('.');
    if (!problems.has(at)) problems.set(at, issue.message);
  }

  function setValue(section: Section, key: string, value: string) {
    setDraft((current) => ({ ...current, [section]: { ...current[section], [key]: value } }));
  }

  function submit() {
    if (!parsed.success) return;
    save.mutate(
      { ...parsed.data, basedOn: opened ?? saved },
      {
        onSuccess: (stored) => {
          // What was saved is what the next edit starts from.
          reset(mergeUiStyles(stored.styles));
          toast({ title: 'Styles saved', description: 'Everyone sees them on their next page load.' });
        },
        onError: (error) => {
          if (errorCodeOf(error) === 'conflict') refused();
        },
      },
    );
  }

  return (
    <SectionCard
      title="UI styles"
      description="Brand colours, corners, type and spacing. The preview shows your edits before anyone else sees them."
      actions={
        <>
          <Button
            variant="ghost"
            disabled={isDefault || save.isPending}
            onClick={() => setDraft(DEFAULT_UI_STYLES)}
          >
            <RotateCcw aria-hidden />
            Reset to defaults
          </Button>
          <Button variant="outline" disabled={!dirty || save.isPending} onClick={() => reset(saved)}>
            Discard
          </Button>
          <Button disabled={!dirty || !parsed.success || save.isPending} onClick={submit}>
            Save styles
          </Button>
        </>
      }
    >
      {settings.isPending || settings.isError ? (
        <QueryState query={settings} label="styles" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="lg:order-2">
            <div className="lg:sticky lg:top-20">
              <UiStylePreview styles={draft} />
            </div>
          </div>
          <div className="grid gap-6 lg:order-1">
            {(Object.keys(uiStylesSchema.shape) as Section[]).map((section) => {
              const described = STYLE_SECTIONS.find((s) => s.key === section);
              return (
                <fieldset key={section} className="grid gap-3">
                  <legend className="mb-2 text-sm font-semibold">
                    {described?.title ?? labelOf(section)}
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    {Object.keys(uiStylesSchema.shape[section].shape).map((key) => {
                      const field = described?.fields[key];
                      return (
                        <StyleControl
                          key={key}
                          field={field}
                          label={field?.label ?? labelOf(key)}
                          value={(draft[section] as Record<string, string>)[key] ?? ''}
                          error={problems.get(`${section}.${key}`) ?? null}
                          onChange={(value) => setValue(section, key, value)}
                        />
                      );
                    })}
                  </div>
                </fieldset>
              );
            })}
            <MutationError error={save.error} />
          </div>
        </div>
      )}
    </SectionCard>
  );
}
