import { describe, expect, test } from 'bun:test';
import { DEFAULT_UI_STYLES } from '@engine/ui-settings.ts';
import { uiStyleValueProblem } from '@engine/ui-style-values.ts';
import { STYLE_SECTIONS } from './ui-style-fields.ts';

describe('the styles editor', () => {
  test('offers only choices the server accepts, and every field of the styles', () => {
    const refused = STYLE_SECTIONS.flatMap(({ key: section, fields }) =>
      Object.entries(fields).flatMap(([key, field]) =>
        field.kind === 'choice'
          ? field.options
              .filter((option) => uiStyleValueProblem(section, key, option.value) !== null)
              .map((option) => `${section}.${key}: ${option.value}`)
          : [],
      ),
    );
    expect(refused).toEqual([]);
    const offered = STYLE_SECTIONS.flatMap(({ key, fields }) =>
      Object.keys(fields).map((field) => `${key}.${field}`),
    );
    const styles = Object.entries(DEFAULT_UI_STYLES).flatMap(([key, fields]) =>
      Object.keys(fields).map((field) => `${key}.${field}`),
    );
    expect(offered.toSorted()).toEqual(styles.toSorted());
  });
});
