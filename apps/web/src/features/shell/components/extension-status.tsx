import { EXTENSION_CHECK, MESSAGES } from '@grouptrack/domain';
import type { ExtensionStatus } from '@grouptrack/domain';
import { Alert, Anchor, Paper } from '@mantine/core';
import { createContext, use, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { askExtension, EXTENSION_INSTALL_PATH } from '../../../lib/extension-bridge';
import type { ExtensionCheck } from '../../../lib/extension-bridge';
import { isPageAvailable } from '../page-availability';

interface ExtensionStatusValue {
  /** null until the first check has an answer. */
  status: ExtensionStatus | null;
  /** The whole last answer (version, who the extension is signed in as); null until the first. */
  check: ExtensionCheck | null;
  dismissedStatus: ExtensionStatus | null;
  dismiss: (status: ExtensionStatus) => void;
}

const ExtensionStatusContext = createContext<ExtensionStatusValue | null>(null);

/** Asks for the extension every EXTENSION_CHECK.intervalMs and shares what it answered (SPEC §4). */
export function ExtensionStatusProvider({ children }: { children: ReactNode }) {
  const [check, setCheck] = useState<ExtensionCheck | null>(null);
  const [dismissedStatus, setDismissedStatus] = useState<ExtensionStatus | null>(null);

  useEffect(() => {
    let isActive = true;
    const check = () => {
      void askExtension().then((next) => {
        if (!isActive) return;
        // The same answer every 10 s keeps the object it replaces, so nothing draws again.
        setCheck((before) => (JSON.stringify(before) === JSON.stringify(next) ? before : next));
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
    <ExtensionStatusContext
      value={{ status: check?.status ?? null, check, dismissedStatus, dismiss: setDismissedStatus }}
    >
      {children}
    </ExtensionStatusContext>
  );
}

/** The extension's last answer in the main layout (null before the first, or outside it). */
export function useExtensionCheck(): ExtensionCheck | null {
  return use(ExtensionStatusContext)?.check ?? null;
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
        {WARNINGS[status]}{' '}
        <Anchor component={Link} to={EXTENSION_INSTALL_PATH} inherit>
          {status === 'not_installed' ? 'Install the extension' : 'Sign the extension in'}
        </Anchor>
      </Alert>
    </Paper>
  );
}
