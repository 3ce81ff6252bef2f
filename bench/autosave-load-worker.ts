import { autosave, type Device, LastTyped } from './autosave-load.ts';

// The load generator's thread (see runAutosaveInWorker).
declare const self: Worker;

self.onmessage = async (event: MessageEvent<{ origin: string; devices: Device[]; seconds: number }>) => {
  const { origin, devices, seconds } = event.data;
  const lastTyped = new LastTyped();
  const figures = await autosave(origin, devices, seconds, lastTyped);
  self.postMessage({ figures, lastTyped: [...lastTyped.values] });
};
