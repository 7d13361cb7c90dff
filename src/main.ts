import './ui/styles.css';
import { createApp } from './ui/create-app';
import { startAgentHost } from './worker/host';

// The page entry: everything heavy runs in the agent worker; the page only renders.
const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');
createApp(root, startAgentHost(), {
  dataUrl: new URL(`${import.meta.env.BASE_URL}data/`, window.location.href).href,
  pageUrl: window.location.href,
  stores: { local: window.localStorage, session: window.sessionStorage },
});
