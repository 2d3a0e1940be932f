import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isRetryable, type CaptureSubmitted } from './api';
import { deliver } from './photoUploads';
import { deletePending, loadPending, savePending, type PendingSubmission } from './pendingStore';

export type SubmissionState =
  | { phase: 'checking' }
  | { phase: 'idle' }
  | { phase: 'sending'; pending: PendingSubmission }
  | { phase: 'failed'; pending: PendingSubmission; message: string; resendInMs: number }
  | { phase: 'rejected'; pending: PendingSubmission; message: string }
  | { phase: 'done'; answer: CaptureSubmitted };

export const offlineMessage =
  'The submission could not reach the server. Your photos are saved on this phone: press Retry, ' +
  'or it will be sent by itself when you are back online.';

export const unavailableMessage =
  'The server cannot take the submission just now. Your photos are saved on this phone: they ' +
  'will be sent by themselves in a few minutes, or press Retry.';

/**
 * How long a failed submission waits before it is sent again by itself, try after try (the last
 * repeats): a phone online but a server away (its database or file store down, 503) sends no
 * `online` event. A later `Retry-After` from the server is waited for instead, up to the last.
 */
export const resendDelaysMs = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

/** The pause before the next try by itself, after `tries` tries failed with `err`. */
export const resendDelay = (tries: number, err: unknown) => {
  const backOff = resendDelaysMs[Math.min(tries, resendDelaysMs.length - 1)]!;
  const asked = err instanceof ApiError ? (err.retryAfterSeconds ?? 0) * 1000 : 0;
  return Math.min(Math.max(backOff, asked), resendDelaysMs.at(-1)!);
};

const failureMessage = (err: unknown) => {
  if (err instanceof Error && err.name === 'NetworkError') return offlineMessage;
  if (err instanceof ApiError && err.status === 503) return unavailableMessage;
  return err instanceof Error ? err.message : String(err);
};

/**
 * The pending submission's life: kept in IndexedDB from Submit until the 201, resumed and sent
 * again (same idempotency key) when the link is reopened, on Retry, on the `online` event and by
 * itself after a growing pause.
 */
export function useSubmission(token: string) {
  const [state, setState] = useState<SubmissionState>({ phase: 'checking' });
  const sending = useRef(false);
  const current = useRef<PendingSubmission | null>(null);
  const tries = useRef(0);

  const send = useCallback(async (pending: PendingSubmission, stored?: Promise<void>) => {
    if (sending.current) return;
    sending.current = true;
    current.current = pending;
    setState({ phase: 'sending', pending });
    try {
      const answer = await deliver(pending);
      current.current = null;
      tries.current = 0;
      await stored; // deleted only once written, or a late write would bring it back
      await deletePending(pending.token).catch(() => undefined);
      setState({ phase: 'done', answer });
    } catch (err) {
      await stored; // kept on the phone before the page says so
      setState(
        isRetryable(err)
          ? {
              phase: 'failed',
              pending,
              message: failureMessage(err),
              resendInMs: resendDelay(tries.current++, err),
            }
          : { phase: 'rejected', pending, message: failureMessage(err) },
      );
    } finally {
      sending.current = false;
    }
  }, []);

  // Resume a submission left over from an earlier visit.
  useEffect(() => {
    let live = true;
    loadPending(token).then(
      (pending) => {
        if (!live) return;
        if (pending) void send(pending);
        else setState((s) => (s.phase === 'checking' ? { phase: 'idle' } : s));
      },
      () => live && setState((s) => (s.phase === 'checking' ? { phase: 'idle' } : s)),
    );
    return () => {
      live = false;
    };
  }, [token, send]);

  useEffect(() => {
    if (state.phase !== 'failed') return;
    const pending = state.pending;
    const again = () => void send(pending);
    window.addEventListener('online', again);
    const timer = setTimeout(again, state.resendInMs);
    return () => {
      window.removeEventListener('online', again);
      clearTimeout(timer);
    };
  }, [state, send]);

  /**
   * Keeps the submission and sends it at the same time: the photos are in the draft store
   * already, and the closing call need not wait for a write of them all. Storage failing must not
   * stop the upload.
   */
  const submit = useCallback(
    async (pending: PendingSubmission) => {
      await send(
        pending,
        savePending(pending).catch(() => undefined),
      );
    },
    [send],
  );

  const retry = useCallback(() => {
    if (current.current) void send(current.current);
  }, [send]);

  /** Drops a submission the server refused for good, to start the wizard again. */
  const discard = useCallback(async () => {
    current.current = null;
    await deletePending(token).catch(() => undefined);
    setState({ phase: 'idle' });
  }, [token]);

  return { state, submit, retry, discard };
}
