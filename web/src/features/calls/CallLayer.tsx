import type { ReactNode } from 'react';
import { CallProvider } from './CallProvider';
import { CallView } from './CallView';
import { IncomingCallDialog } from './IncomingCallDialog';
import './calls.css';

/** Calls for the signed-in app: the provider around its pages, the ringing dialog and the call panel. */
export function CallLayer({ children }: { children: ReactNode }) {
  return (
    <CallProvider>
      {children}
      <IncomingCallDialog />
      <CallView />
    </CallProvider>
  );
}
