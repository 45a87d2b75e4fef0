import { Writable } from 'node:stream';

/**
 * A stream onto standard output that can be ended (stdout itself cannot) and that reports
 * stdout's failures as its own: a write that throws at once (a full disk behind `> file`) or an
 * `error` event later (a closed pipe) fails the writing call instead of escaping as an uncaught
 * exception, and `drain` is awaited so a slow reader holds the conversion back.
 */
export function stdoutStream(stdout: Writable = process.stdout): Writable {
  let failure: Error | undefined;
  const remember = (error: Error): void => {
    failure ??= error;
  };
  stdout.on('error', remember);
  const whenDrained = (callback: (error?: Error | null) => void): void => {
    if (failure !== undefined || !stdout.writableNeedDrain) return callback(failure);
    const done = (error?: Error): void => {
      stdout.off('drain', done);
      stdout.off('error', done);
      callback(error ?? failure);
    };
    stdout.on('drain', done);
    stdout.on('error', done);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (failure !== undefined) return callback(failure);
      try {
        stdout.write(chunk);
      } catch (error) {
        remember(error as Error);
      }
      whenDrained(callback);
    },
    final(callback) {
      whenDrained(callback);
    },
    destroy(error, callback) {
      stdout.off('error', remember);
      callback(error);
    },
  });
}
