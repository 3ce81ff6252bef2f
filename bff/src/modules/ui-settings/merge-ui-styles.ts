// The merge is shared with the admin write (db/src/use-cases/update-ui-settings.ts), so it lives in engine.
export { mergeUiStyles } from '@engine/stored-ui-styles.ts';
