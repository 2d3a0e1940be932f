import { useCallback, useEffect, useRef, useState } from 'react';
import { isRetryable, type CaptureSubmitted } from './api';
import { deliver } from './photoUploads';
import { deletePending, loadPending, savePending, type PendingSubmission } from './pendingStore';

export type SubmissionState =
  | { phase: 'checking' }
  | { phase: 'idle' }
  | { phase: 'sending'; pending: PendingSubmission }
  | { phase: 'failed'; pending: PendingSubmission; message: string }
  | { phase: 'rejected'; pending: PendingSubmission; message: string }
  | { phase: 'done'; answer: CaptureSubmitted };

export const offlineMessage =
  'The submission could not reach the server. Your photos are saved on this phone: press Retry, ' +
  'or it will be sent by itself when you are back online.';

/**
 * The pending submission's life: kept in IndexedDB from Submit until the 201, resumed and sent
 * again (same idempotency key) when the link is reopened, on Retry and on the `online` event.
 */
export function useSubmission(token: string) {
  const [state, setState] = useState<SubmissionState>({ phase: 'checking' });
  const sending = useRef(false);
  const current = useRef<PendingSubmission | null>(null);

  const send = useCallback(async (pending: PendingSubmission, stored?: Promise<void>) => {
    if (sending.current) return;
    sending.current = true;
    current.current = pending;
    setState({ phase: 'sending', pending });
    try {
      const answer = await deliver(pending);
      current.current = null;
      await stored; // deleted only once written, or a late write would bring it back
      await deletePending(pending.token).catch(() => undefined);
      setState({ phase: 'done', answer });
    } catch (err) {
      await stored; // kept on the phone before the page says so
      const message = err instanceof Error ? err.message : String(err);
      setState(
        isRetryable(err)
          ? {
              phase: 'failed',
              pending,
              message:
                err instanceof Error && err.name === 'NetworkError' ? offlineMessage : message,
            }
          : { phase: 'rejected', pending, message },
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
    const onOnline = () => void send(pending);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
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
