// The harness page: the real app (src/ui/create-app.ts) on a fake agent host, so the browser
// test can feed recorded events. Served by vite's dev server; never part of `npm run build`.
import '../../src/ui/styles.css';
import { createApp } from '../../src/ui/create-app';
import { createFakeAgentHost } from './fake-agent-host';
import * as fixtures from './harness-fixtures';

const control = createFakeAgentHost();
const app = createApp(document.getElementById('app')!, control.host, {
  dataUrl: new URL('data/', window.location.href).href,
  pageUrl: window.location.href,
  stores: { local: window.localStorage, session: window.sessionStorage },
});
Object.assign(window, { harness: { control, app, fixtures } });
