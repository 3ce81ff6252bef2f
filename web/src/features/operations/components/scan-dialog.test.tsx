import { afterEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, render, screen } from '@testing-library/react';
import { CAMERA_DENIED, CAMERA_UNSUPPORTED } from '@web/features/operations/hooks/use-camera-scanner.ts';
import { ScanDialog } from './scan-dialog.tsx';

const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
afterEach(() => {
  cleanup();
  if (original) Object.defineProperty(navigator, 'mediaDevices', original);
  else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

function withCamera(getUserMedia: (() => Promise<MediaStream>) | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: getUserMedia ? { getUserMedia } : undefined,
  });
}

function renderDialog() {
  const onOpenChange = mock((_open: boolean) => undefined);
  render(
    <ScanDialog
      open
      onOpenChange={onOpenChange}
      products={[]}
      catalogue={[]}
      canAssign={false}
      onFound={() => undefined}
      returnFocusTo={{ current: null }}
    />,
  );
  return { onOpenChange };
}

describe('the scan dialog when the camera cannot open', () => {
  test('a browser without camera access says to type the code instead', async () => {
    withCamera(undefined);
    renderDialog();
    expect(await screen.findByText(CAMERA_UNSUPPORTED)).toBeTruthy();
  });

  test('a refused camera permission says how to allow it, and Try again asks again', async () => {
    const getUserMedia = mock(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    withCamera(getUserMedia);
    renderDialog();
    expect(await screen.findByText(CAMERA_DENIED)).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByText(CAMERA_DENIED)).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  test('Close closes the dialog', async () => {
    withCamera(undefined);
    const { onOpenChange } = renderDialog();
    await act(async () => screen.getByRole('button', { name: 'Close' }).click());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
