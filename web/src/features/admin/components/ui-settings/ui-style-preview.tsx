import type { UiStyles } from '@engine/ui-settings.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { PREVIEW_THEME_TOKENS } from '@web/features/admin/ui-style-fields.ts';
import { uiStylesToCssVariables } from '@web/lib/ui-settings-css.ts';
import { Bell, Plus } from 'lucide-react';
import type { CSSProperties } from 'react';

/** The edited styles as CSS variables on the preview alone; the rest of the app keeps the saved ones. */
export function previewStyle(styles: UiStyles): CSSProperties {
  return {
    ...uiStylesToCssVariables(styles),
    ...PREVIEW_THEME_TOKENS,
    fontSize: 'var(--ui-font-size-base)',
    lineHeight: 'var(--ui-line-height)',
    fontWeight: 'var(--ui-font-weight-normal)',
  } as CSSProperties;
}

/** Sample controls drawn with the edited styles: buttons, an input, a card and a checkbox. */
export function UiStylePreview({ styles }: { styles: UiStyles }) {
  return (
    <section
      aria-labelledby="ui-style-preview-title"
      data-slot="ui-style-preview"
      style={previewStyle(styles)}
      className="grid gap-4 rounded-[var(--ui-card-radius)] border border-dashed bg-surface p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id="ui-style-preview-title" className="text-sm text-muted-foreground">
          Preview
        </h3>
        <span className="text-xs text-muted-foreground">Not saved yet</span>
      </div>
      {/* Samples only: inert keeps them out of the tab order and away from screen readers' controls. */}
      <div inert className="grid gap-4">
        <div className="flex flex-wrap items-center gap-[var(--ui-gap)]">
          <Button type="button">Submit order</Button>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
          <Button type="button" size="icon" aria-label="Add">
            <Plus aria-hidden />
          </Button>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="ui-style-preview-input">Count</Label>
          <Input id="ui-style-preview-input" readOnly defaultValue="12" inputMode="decimal" />
        </div>
        <Card className="gap-2 p-[var(--ui-box-padding)]">
          <CardHeader className="px-0">
            <CardTitle as="h4" className="flex items-center gap-2 text-base">
              <Bell aria-hidden className="size-4 text-primary" />
              Count completed
            </CardTitle>
            <CardDescription>Harbor Street Café · today 21:40</CardDescription>
          </CardHeader>
          <CardContent className="flex items-center gap-3 px-0">
            <Checkbox id="ui-style-preview-check" defaultChecked />
            <Label htmlFor="ui-style-preview-check" className="font-normal">
              Oat Milk confirmed
            </Label>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
