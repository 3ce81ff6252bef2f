/**
 * The stdout Ink renders to, minus one write: in a pipe or CI, Ink ends its last frame with a line break even when
 * the frame is empty, as a failed job's is. stdout holds a command's result or nothing
 * (`summary=$(parstock pars import …)`), so that lone line break is not written; the reason is on stderr.
 */
export function resultStdout(stream: NodeJS.WriteStream = process.stdout): NodeJS.WriteStream {
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write') {
        return (chunk: unknown, ...rest: unknown[]) => {
          if (chunk !== '\n') return (target.write as (...args: unknown[]) => boolean)(chunk, ...rest);
          const done = rest.find((argument) => typeof argument === 'function') as (() => void) | undefined;
          if (done) queueMicrotask(done);
          return true;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
