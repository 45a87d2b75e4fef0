import { needsTunedHeap, outputArgument } from './heap-relaunch';
import { BROKEN_PIPE_EXIT, isBrokenPipe, signalExitCode } from './process-guards';

describe('the --streaming launcher', () => {
  it('restarts a streaming run once, unless the user tuned the heap', () => {
    expect(needsTunedHeap(['convert', '--streaming'], {}, [])).toBe(true);
    expect(needsTunedHeap(['convert'], {}, [])).toBe(false);
    expect(needsTunedHeap(['convert', '--streaming'], { STMT_HEAP_TUNED: '1' }, [])).toBe(false);
    expect(needsTunedHeap(['convert', '--streaming'], { NODE_OPTIONS: '--max-old-space-size=512' }, [])).toBe(false);
    expect(needsTunedHeap(['convert', '--streaming'], {}, ['--max-semi-space-size=8'])).toBe(false);
  });

  it('finds the output path in every spelling', () => {
    expect(outputArgument(['convert', '-o', 'a.csv'])).toBe('a.csv');
    expect(outputArgument(['convert', '--output', 'b.csv'])).toBe('b.csv');
    expect(outputArgument(['convert', '--output=c.csv'])).toBe('c.csv');
    expect(outputArgument(['convert', '-i', 'x.xml'])).toBeUndefined();
  });

  it('uses the shell conventions for signals and closed pipes', () => {
    expect(signalExitCode('SIGINT')).toBe(130);
    expect(signalExitCode('SIGTERM')).toBe(143);
    expect(BROKEN_PIPE_EXIT).toBe(141);
    expect(isBrokenPipe(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(isBrokenPipe(new Error('outer', { cause: Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }) }))).toBe(true);
    expect(isBrokenPipe(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }))).toBe(false);
  });
});
