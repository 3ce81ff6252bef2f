import { type CodeReader, type FoundCode, openCodeReader } from '@web/lib/barcode/code-reader.ts';
import { type RefObject, useEffect, useRef, useState } from 'react';

export type CameraState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  /** The camera shows its picture; the decoder is still loading (the polyfill's first use). */
  | { kind: 'loading-reader' }
  | { kind: 'scanning'; reader: CodeReader['kind'] }
  | { kind: 'failed'; message: string };

export const CAMERA_DENIED =
  'Parstock may not use the camera. Allow the camera for this site in the browser settings, or type the barcode in the search box.';
export const NO_CAMERA = 'No camera was found on this device. Type the barcode in the search box instead.';
export const CAMERA_UNSUPPORTED =
  'This browser cannot open the camera here. Type the barcode in the search box instead.';
export const DECODER_FAILED =
  'The barcode reader could not start. Check the connection and try again, or type the barcode in the search box.';

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_DENIED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return NO_CAMERA;
  if (name === 'NotReadableError') return 'The camera is busy in another app. Close it there and try again.';
  return CAMERA_UNSUPPORTED;
}

// The next frame the video shows, where the browser can say so; otherwise the next paint.
function nextFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    const withFrames = video as HTMLVideoElement & { requestVideoFrameCallback?: (cb: () => void) => number };
    if (withFrames.requestVideoFrameCallback) withFrames.requestVideoFrameCallback(() => resolve());
    else requestAnimationFrame(() => resolve());
  });
}

/**
 * While `active`, shows the rear camera in `videoRef` and reads each frame until `onCode` accepts a code
 * (returns true); then, or when `active` turns false or the component goes, the camera is released.
 */
export function useCameraScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (code: FoundCode) => boolean,
  attempt = 0,
): CameraState {
  const [state, setState] = useState<CameraState>({ kind: 'idle' });
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the camera after a failure.
  useEffect(() => {
    if (!active) {
      setState({ kind: 'idle' });
      return;
    }
    let stopped = false;
    let stream: MediaStream | null = null;
    const release = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
    };
    const run = async () => {
      setState({ kind: 'starting' });
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ kind: 'failed', message: CAMERA_UNSUPPORTED });
        return;
      }
      // The reader loads once the camera is open: someone who refuses the camera never downloads the
      // polyfill's megabyte of WebAssembly.
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setState({ kind: 'failed', message: cameraProblem(error) });
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return release();
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      if (!stopped) setState({ kind: 'loading-reader' });
      let reader: CodeReader;
      try {
        reader = await openCodeReader();
      } catch {
        release();
        if (!stopped) setState({ kind: 'failed', message: DECODER_FAILED });
        return;
      }
      if (stopped) return release();
      setState({ kind: 'scanning', reader: reader.kind });
      while (!stopped) {
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
          const codes = await reader.detect(video).catch(() => [] as FoundCode[]);
          if (stopped) break;
          if (codes.some((code) => onCodeRef.current(code))) {
            stopped = true;
            break;
          }
        }
        await nextFrame(video);
      }
      release();
    };
    void run();
    return () => {
      stopped = true;
      release();
      const video = videoRef.current;
      if (video) video.srcObject = null;
    };
  }, [active, videoRef, attempt]);

  return state;
}
