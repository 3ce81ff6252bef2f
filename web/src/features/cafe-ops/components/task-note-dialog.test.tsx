import { describe, expect, mock, test } from 'bun:test';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TaskNoteDialog } from './task-note-dialog.tsx';

describe('the note on a task', () => {
  test('on a task not done, it is saved with the tick or alone, the task left open', () => {
    const onSave = mock((_note: string | null, _done: boolean) => undefined);
    const task = { title: 'Deep clean fridges', note: null, done: false };
    render(<TaskNoteDialog task={task} onOpenChange={() => undefined} onSave={onSave} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: ' Top shelf seal torn, will finish after the rush ' },
    });
    act(() => screen.getByRole('button', { name: 'Save note, not done' }).click());
    expect(onSave).toHaveBeenLastCalledWith('Top shelf seal torn, will finish after the rush', false);
    act(() => screen.getByRole('button', { name: 'Save and tick' }).click());
    expect(onSave).toHaveBeenLastCalledWith('Top shelf seal torn, will finish after the rush', true);
  });

  test('on a task done, only the note is saved', () => {
    const onSave = mock((_note: string | null, _done: boolean) => undefined);
    render(
      <TaskNoteDialog
        task={{ title: 'Calibrate grinders', note: 'ok', done: true }}
        onOpenChange={() => undefined}
        onSave={onSave}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Save note, not done' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Save note' }).click());
    expect(onSave).toHaveBeenLastCalledWith('ok', true);
  });
});
