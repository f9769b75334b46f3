/**
 * One import job as its progress bar follows it: GET /api/imports?id= twice a second until the job
 * has ended (docs/api.md#imports), then no more calls. Cancel asks DELETE /api/imports?id= and shows
 * the job it answers.
 */
import { useEffect, useRef, useState } from 'react';
import type { ImportJob } from '../../../../../redirector/contract/imports';
import { useImportCalls } from '../../../api/imports';
import { useBusyCall } from '../../../api/useBusyCall';
import { usePolling } from '../../../api/usePolling';
import { ENDED_STATES } from './importDraft';

export const IMPORT_POLL_MS = 500;

export function useImportJob(started: ImportJob, cancelFailed: string, onEnded: (job: ImportJob) => void) {
  const calls = useImportCalls();
  // Ended when shown (after a reload, a finished job): no call at all, and no news to tell.
  const [ended, setEnded] = useState(ENDED_STATES.has(started.state));
  const polled = usePolling((signal) => calls.get(started.id, signal), {
    intervalMs: IMPORT_POLL_MS,
    enabled: !ended,
    resetKey: started.id,
  });
  const job = polled.data?.id === started.id ? polled.data : started;
  const cancelling = useBusyCall(cancelFailed);
  const { update } = polled;
  const cancel = () =>
    cancelling.run(async () => {
      const answer = await calls.cancel(job.id);
      update(() => answer);
    });

  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  const endsNow = ENDED_STATES.has(job.state) && !ended;
  useEffect(() => {
    if (!endsNow) return;
    setEnded(true);
    onEndedRef.current(job);
  }, [endsNow, job]);

  return { job, ended: ended || endsNow, cancel, cancelling, pollError: polled.error };
}
