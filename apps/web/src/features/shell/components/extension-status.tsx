import { EXTENSION_CHECK, MESSAGES } from '@grouptrack/domain';
import type { ExtensionStatus } from '@grouptrack/domain';
import { Alert, Paper } from '@mantine/core';
import { createContext, use, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { checkExtension } from '../../../lib/extension-bridge';
import { isPageAvailable } from '../page-availability';

interface ExtensionStatusValue {
  /** null until the first check has an answer. */
  status: ExtensionStatus | null;
  dismissedStatus: ExtensionStatus | null;
  dismiss: (status: ExtensionStatus) => void;
}

const ExtensionStatusContext = createContext<ExtensionStatusValue | null>(null);

/** Asks for the extension every EXTENSION_CHECK.intervalMs and shares what it answered (SPEC §4). */
export function ExtensionStatusProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<ExtensionStatus | null>(null);
  const [dismissedStatus, setDismissedStatus] = useState<ExtensionStatus | null>(null);

  useEffect(() => {
    let isActive = true;
    const check = () => {
      void checkExtension().then((next) => {
        if (isActive) setStatus(next);
      });
    };
    check();
    const timer = window.setInterval(check, EXTENSION_CHECK.intervalMs);
    return () => {
      isActive = false;
      window.clearInterval(timer);
    };
  }, []);

  return (
    <ExtensionStatusContext value={{ status, dismissedStatus, dismiss: setDismissedStatus }}>
      {children}
    </ExtensionStatusContext>
  );
}

const WARNINGS: Record<Exclude<ExtensionStatus, 'ok'>, string> = {
  not_installed: MESSAGES.extensionNotInstalled,
  not_logged_in: MESSAGES.extensionNotLoggedIn,
};

/**
 * Warns that the extension is missing or signed out, on the pages whose work it does (conversations,
 * queue, auto responder, workflows) once they are built: on a page still coming there is no work for
 * it to do yet. The first check answers after the page has drawn, so the warning floats over the
 * page's foot rather than pushing the page down. Dismissed, it stays hidden until the status changes.
 */
export function ExtensionStatusAlert() {
  const value = use(ExtensionStatusContext);
  const { pathname } = useLocation();
  if (!value || !isPageAvailable(pathname)) return null;
  const { status, dismissedStatus, dismiss } = value;
  if (status === null || status === 'ok' || status === dismissedStatus) return null;
  return (
    // An opaque sheet under the light alert, so the page it floats over does not show through.
    <Paper
      shadow="md"
      radius="md"
      pos="fixed"
      bottom={16}
      right={16}
      maw="min(420px, calc(100vw - 32px))"
      style={{ zIndex: 'var(--mantine-z-index-overlay)' }}
    >
      <Alert
        color="orange"
        variant="light"
        role="alert"
        withCloseButton
        closeButtonLabel="Dismiss the extension warning"
        onClose={() => dismiss(status)}
      >
        {WARNINGS[status]}
      </Alert>
    </Paper>
  );
}
