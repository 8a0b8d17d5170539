import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { isHostingDefaultDomain, useAppConfig } from '../lib/app-config';

// Loaded only on a wrong address, so the modal's code stays out of every other first load.
const WrongAddressDialog = lazy(() =>
  import('./wrong-address-dialog').then((module) => ({
    default: module.WrongAddressDialog,
  })),
);

/** Around every screen, signed in or not: the wrong-address check of SPEC §2. */
export function RootLayout() {
  const config = useAppConfig();
  const isWrongAddress =
    config.data !== undefined &&
    isHostingDefaultDomain(window.location.hostname, config.data.hostingDefaultDomains);
  return (
    <>
      <Outlet />
      {isWrongAddress && (
        <Suspense fallback={null}>
          <WrongAddressDialog appUrl={config.data.appUrl} />
        </Suspense>
      )}
    </>
  );
}
