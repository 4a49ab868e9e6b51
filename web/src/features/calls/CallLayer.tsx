import type { ReactNode } from 'react';
import { lazyDialog } from '../../shared/lib/lazy-part';
import { CallProvider, useCall } from './CallProvider';
import './calls.css';

// Their modules load with the first call: the provider, which listens for calls on every page, does not need them.
const IncomingCallDialog = lazyDialog(() => import('./IncomingCallDialog').then((m) => m.IncomingCallDialog));
const CallView = lazyDialog(() => import('./CallView').then((m) => m.CallView));

/** Calls for the signed-in app: the provider around its pages, the ringing dialog and the call panel. */
export function CallLayer({ children }: { children: ReactNode }) {
  return (
    <CallProvider>
      {children}
      <CallSurfaces />
    </CallProvider>
  );
}

/** The ringing dialog and the call panel, from the first call on (each decides when it shows). */
function CallSurfaces() {
  const { state, notice } = useCall();
  // The panel loads with the ringing too, so that it is there when the call is accepted.
  const calling = state.phase !== 'idle' || notice !== null;
  return (
    <>
      <IncomingCallDialog open={calling} />
      <CallView open={calling} />
    </>
  );
}
