import { useCallback, useState } from 'react';
import { toAppError, type AppError } from '../bridge/app-error';

/** What to do when a call settles. */
export interface CallHandlers<O> {
  readonly onSuccess?: (output: O) => void;
  readonly onError?: (error: AppError) => void;
}

/**
 * A call a form sends, with its pending state, shaped like a mutation (`mutate(input, handlers)`,
 * `isPending`) but without the query library: for the public screens, which load without it
 * (issue 12's budget) and change nothing the console keeps in its cache.
 */
export function useAsyncCall<I, O>(call: (input: I) => Promise<O>) {
  const [pending, setPending] = useState(0);
  const mutate = useCallback(
    (input: I, handlers: CallHandlers<O> = {}) => {
      setPending((n) => n + 1);
      call(input).then(
        (output) => {
          setPending((n) => n - 1);
          handlers.onSuccess?.(output);
        },
        (error: unknown) => {
          setPending((n) => n - 1);
          handlers.onError?.(toAppError(error));
        },
      );
    },
    [call],
  );
  return { mutate, isPending: pending > 0 };
}
