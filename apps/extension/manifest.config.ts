import { defineManifest } from '@crxjs/vite-plugin';
import { PLATFORM_SITES } from '@grouptrack/domain';
import packageJson from './package.json' with { type: 'json' };
import { MANIFEST_KEY } from './src/extension-id';

/**
 * A GroupTrack server on this computer works out of the box, at any port: a match pattern without a
 * port matches every port (checked on Chromium with both content scripts and externally_connectable).
 */
export const LOCAL_SERVER_MATCHES = ['http://localhost/*', 'http://127.0.0.1/*'];

/** The seven platforms' sites; `*.` matches the bare domain and its subdomains (www., m., web.). */
export const PLATFORM_MATCHES = Object.values(PLATFORM_SITES).map((site) => `https://*.${site}/*`);

export default defineManifest({
  manifest_version: 3,
  name: 'GroupTrack',
  description: 'Keeps the people you meet on social sites in your GroupTrack pipelines.',
  version: packageJson.version,
  // Pins the extension id (src/extension-id.ts) for unpacked installs.
  key: MANIFEST_KEY,
  minimum_chrome_version: '120',
  background: { service_worker: 'src/background/index.ts', type: 'module' },
  action: { default_title: 'GroupTrack', default_popup: 'src/popup/index.html' },
  options_ui: { page: 'src/options/index.html', open_in_tab: true },
  permissions: ['storage', 'alarms', 'scripting', 'tabs', 'declarativeNetRequestWithHostAccess'],
  host_permissions: LOCAL_SERVER_MATCHES,
  // Any other server address is asked for when the user enters it in the options page.
  optional_host_permissions: ['https://*/*', 'http://*/*'],
  externally_connectable: { matches: LOCAL_SERVER_MATCHES },
  content_scripts: [
    {
      // The bridge the web app talks to with window.postMessage (src/bridge).
      matches: LOCAL_SERVER_MATCHES,
      js: ['src/bridge/content.ts'],
      run_at: 'document_start',
    },
    {
      // Reads the person on screen and the people of lists, and shows the sidebar and badges (src/content).
      matches: PLATFORM_MATCHES,
      js: ['src/content/index.ts'],
      run_at: 'document_idle',
    },
  ],
  // The sidebar and overlay frames the content script puts in the sites' pages: an extension page may
  // be framed where the sites' Content-Security-Policy refuses frames of other addresses.
  web_accessible_resources: [{ resources: ['src/frames/host.html'], matches: PLATFORM_MATCHES }],
});
