/** Yields to the event loop until a frame satisfies `matches`; fails with the frames seen if none does. */
export async function waitForFrame(
  frames: readonly string[],
  matches: (frame: string) => boolean,
): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const found = frames.find(matches);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`No matching frame among:\n${frames.join('\n---\n')}`);
}
