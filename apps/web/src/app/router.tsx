import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { MembersProfileRedirect } from '../routes/members-profile-redirect';
import { SigninRedirect } from '../routes/signin-redirect';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Loads a route's module as its own chunk when the route is first visited. */
function load<Module>(importModule: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return () => importModule().then((module) => ({ Component: pick(module) }));
}

const page = (path: string, lazy: RouteObject['lazy']): RouteObject => ({ path, lazy });

/** Every screen of SPEC §2, each its own chunk. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      // No sign-in needed.
      page(
        '/login/:action?/:inviteCode?',
        load(
          () => import('../routes/login'),
          (m) => m.LoginRoute,
        ),
      ),
      page(
        '/secret-login/:action?/:inviteCode?',
        load(
          () => import('../routes/secret-login'),
          (m) => m.SecretLoginRoute,
        ),
      ),
      page(
        '/login-admin',
        load(
          () => import('../routes/login-admin'),
          (m) => m.LoginAdminRoute,
        ),
      ),
      page(
        '/password-reset',
        load(
          () => import('../routes/password-reset'),
          (m) => m.PasswordResetRoute,
        ),
      ),
      page(
        '/maintenance',
        load(
          () => import('../routes/maintenance'),
          (m) => m.MaintenanceRoute,
        ),
      ),
      page(
        '/logout',
        load(
          () => import('../routes/logout'),
          (m) => m.LogoutRoute,
        ),
      ),
      { path: '/signin', Component: SigninRedirect },
      { path: '/members/profile/:GTID', Component: MembersProfileRedirect },

      // Signed in, outside the app's frame; the user is enough.
      {
        lazy: load(
          () => import('./standalone-layout'),
          (m) => m.GuardedStandaloneLayout,
        ),
        children: [
          page(
            '/accept-terms',
            load(
              () => import('../routes/accept-terms'),
              (m) => m.AcceptTermsRoute,
            ),
          ),
          page(
            '/authorize',
            load(
              () => import('../routes/authorize'),
              (m) => m.AuthorizeRoute,
            ),
          ),
        ],
      },

      // The app.
      {
        lazy: load(
          () => import('./main-layout'),
          (m) => m.GuardedMainLayout,
        ),
        children: [
          // The guard sends `/` to the default contact view first (SPEC §4 step 6).
          { index: true, element: <Navigate to="/contacts/pipeline" replace /> },
          page(
            '/contacts/pipeline/:pipelineID?',
            load(
              () => import('../routes/pipeline-view'),
              (m) => m.PipelineViewRoute,
            ),
          ),
          page(
            '/contacts/table/:pipelineID?',
            load(
              () => import('../routes/table-view'),
              (m) => m.TableViewRoute,
            ),
          ),
          page(
            '/contacts/deleted',
            load(
              () => import('../routes/recently-deleted'),
              (m) => m.RecentlyDeletedRoute,
            ),
          ),
          page(
            '/tools/postTracker',
            load(
              () => import('../routes/auto-responder'),
              (m) => m.AutoResponderRoute,
            ),
          ),
          page(
            '/contact/:GTID/:tab?/:pipelineID?',
            load(
              () => import('../routes/contact'),
              (m) => m.ContactRoute,
            ),
          ),
          page(
            '/dashboard/home',
            load(
              () => import('../routes/home-dashboard'),
              (m) => m.HomeDashboardRoute,
            ),
          ),
          page(
            '/dashboard/kpi',
            load(
              () => import('../routes/kpi-dashboard'),
              (m) => m.KpiDashboardRoute,
            ),
          ),
          page(
            '/messages/:tab?/:platform?',
            load(
              () => import('../routes/conversations'),
              (m) => m.ConversationsRoute,
            ),
          ),
          page(
            '/admin/:tab?',
            load(
              () => import('../routes/admin'),
              (m) => m.AdminRoute,
            ),
          ),
          page(
            '/tasks',
            load(
              () => import('../routes/tasks'),
              (m) => m.TasksRoute,
            ),
          ),
          page(
            '/setup/tasks',
            load(
              () => import('../routes/setup-task-templates'),
              (m) => m.TaskTemplatesRoute,
            ),
          ),
          page(
            '/setup/messaging',
            load(
              () => import('../routes/setup-message-templates'),
              (m) => m.MessageTemplatesRoute,
            ),
          ),
          page(
            '/setup/queue/:platform?',
            load(
              () => import('../routes/setup-queue'),
              (m) => m.QueueSetupRoute,
            ),
          ),
          page(
            '/setup/pipelines-order',
            load(
              () => import('../routes/setup-pipeline-order'),
              (m) => m.PipelineOrderRoute,
            ),
          ),
          page(
            '/setup/extension',
            load(
              () => import('../routes/setup-extension'),
              (m) => m.ExtensionSetupRoute,
            ),
          ),
          page(
            '/setup/ai',
            load(
              () => import('../routes/setup-ai'),
              (m) => m.AiSetupRoute,
            ),
          ),
          page(
            '/setup/tags',
            load(
              () => import('../routes/setup-tags'),
              (m) => m.TagsRoute,
            ),
          ),
          page(
            '/setup/tags-reconciliation',
            load(
              () => import('../routes/setup-tag-reconciliation'),
              (m) => m.TagReconciliationRoute,
            ),
          ),
          page(
            '/setup/pipelines/:pipelineID?/:tab?',
            load(
              () => import('../routes/setup-pipelines'),
              (m) => m.PipelineSetupRoute,
            ),
          ),
          page(
            '/setup/connections',
            load(
              () => import('../routes/setup-connections'),
              (m) => m.ConnectionsRoute,
            ),
          ),
          page(
            '/setup/labels',
            load(
              () => import('../routes/setup-status-labels'),
              (m) => m.StatusLabelsRoute,
            ),
          ),
          page(
            '/setup/workflows',
            load(
              () => import('../routes/setup-workflows'),
              (m) => m.WorkflowsRoute,
            ),
          ),
          page(
            '/profile/:tab?',
            load(
              () => import('../routes/profile'),
              (m) => m.ProfileRoute,
            ),
          ),
          page(
            '/queue/:platform',
            load(
              () => import('../routes/queue-processor'),
              (m) => m.QueueProcessorRoute,
            ),
          ),
        ],
      },

      // The extension's frames and popup.
      {
        lazy: load(
          () => import('./extension-layout'),
          (m) => m.GuardedExtensionLayout,
        ),
        children: [
          page(
            '/bex/sidebar',
            load(
              () => import('../routes/bex-sidebar'),
              (m) => m.BexSidebarRoute,
            ),
          ),
          page(
            '/bex/test',
            load(
              () => import('../routes/bex-test'),
              (m) => m.BexTestRoute,
            ),
          ),
          page(
            '/bex/offscreen',
            load(
              () => import('../routes/bex-offscreen'),
              (m) => m.BexOffscreenRoute,
            ),
          ),
        ],
      },
      {
        lazy: load(
          () => import('./extension-layout'),
          (m) => m.GuardedOverlayLayout,
        ),
        children: [
          page(
            '/bex/overlay',
            load(
              () => import('../routes/bex-overlay'),
              (m) => m.BexOverlayRoute,
            ),
          ),
        ],
      },
      {
        lazy: load(
          () => import('./popup-layout'),
          (m) => m.GuardedPopupLayout,
        ),
        children: [
          page(
            '/ext/popup',
            load(
              () => import('../routes/ext-popup'),
              (m) => m.ExtPopupRoute,
            ),
          ),
        ],
      },

      page(
        '*',
        load(
          () => import('../routes/not-found'),
          (m) => m.NotFoundRoute,
        ),
      ),
    ],
  },
];

export const router = createBrowserRouter(routes);
