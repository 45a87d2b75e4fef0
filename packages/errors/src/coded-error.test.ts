import { CodedError } from '@fin/errors';

type ExampleCode = 'MISSING' | 'BROKEN';

class ExampleError extends CodedError<ExampleCode> {
  override readonly name: string = 'ExampleError';
}

describe('CodedError', () => {
  it('carries the code, the message and the name its subclass sets', () => {
    const error = new ExampleError('BROKEN', 'The file is broken; write it again.');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(CodedError);
    expect(error.code).toBe('BROKEN');
    expect(error.message).toBe('The file is broken; write it again.');
    expect(error.name).toBe('ExampleError');
    expect(String(error)).toBe('ExampleError: The file is broken; write it again.');
  });

  it('wraps the underlying error as cause, and has no cause when none is given', () => {
    const cause = new Error('EACCES');
    expect(new ExampleError('MISSING', 'm', { cause }).cause).toBe(cause);
    expect('cause' in new ExampleError('MISSING', 'm')).toBe(false);
  });
});
