/**
 * Text colour for refusals on the pale red alert background: the theme's destructive red is too light
 * there for small text (WCAG AA needs 4.5:1), this darker red is not.
 */
export const DANGER_TEXT = 'text-red-700';

/** Small text that must stand out as good news, on a pale green background. */
export const SUCCESS_BADGE = 'border-transparent bg-green-100 text-green-800';

/** The same for a warning, on pale amber. */
export const WARNING_BADGE = 'border-transparent bg-amber-100 text-amber-900';
