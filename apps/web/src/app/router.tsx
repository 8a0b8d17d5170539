import { Navigate, createBrowserRouter } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { SigninRedirect } from '../routes/signin-redirect';
import { RouteError } from './route-error';

/** Every screen of this slice; each one is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, element: <Navigate to="/profile/team" replace /> },
      {
        path: '/login/:action?/:inviteCode?',
        lazy: () => import('../routes/login').then((module) => ({ Component: module.LoginRoute })),
      },
      { path: '/signin', Component: SigninRedirect },
      {
        path: '/password-reset',
        lazy: () =>
          import('../routes/password-reset').then((module) => ({ Component: module.PasswordResetRoute })),
      },
      {
        path: '/logout',
        lazy: () => import('../routes/logout').then((module) => ({ Component: module.LogoutRoute })),
      },
      {
        lazy: () => import('./app-layout').then((module) => ({ Component: module.AppLayout })),
        children: [
          {
            path: '/profile/team',
            lazy: () =>
              import('../routes/profile-team').then((module) => ({ Component: module.ProfileTeamRoute })),
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('../routes/not-found').then((module) => ({ Component: module.NotFoundRoute })),
      },
    ],
  },
]);
