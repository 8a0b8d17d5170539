import { EXTENSION_CHECK, MESSAGES } from '@grouptrack/domain';
import type { ExtensionStatus } from '@grouptrack/domain';
import { Alert } from '@mantine/core';
import { createContext, use, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { checkExtension } from '../../../lib/extension-bridge';

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
 * queue, auto responder, workflows). Dismissed, it stays hidden until the status changes.
 */
export function ExtensionStatusAlert() {
  const value = use(ExtensionStatusContext);
  if (!value) return null;
  const { status, dismissedStatus, dismiss } = value;
  if (status === null || status === 'ok' || status === dismissedStatus) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      mb="md"
      withCloseButton
      closeButtonLabel="Dismiss the extension warning"
      onClose={() => dismiss(status)}
    >
      {WARNINGS[status]}
    </Alert>
  );
}
