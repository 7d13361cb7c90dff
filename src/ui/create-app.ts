import type { AgentEvent, TurnSummary } from '../agent';
import type { Catalog } from '../catalog/types';
import type { QueryFrame } from '../frame/query-frame';
import type { BasemapPayload, MapLayerPayload } from '../payloads';
import type { AgentHost, WorkerPush } from '../worker/host';
import { createApprovalsTab } from './approvals-tab';
import { MAP_TURN_LABEL, mapAskRequest } from './ask-the-map';
import { createAttributionBar } from './attribution-bar';
import { createAuditTab } from './audit-tab';
import { createChatPanel } from './chat-panel';
import { createConversationLog } from './conversation-log';
import { followAnswer } from './data-follows-answer';
import { createDataTableView } from './data-table-view';
import { deferChartView, deferMapView } from './deferred-views';
import { download, el } from './dom';
import { exportAttribution, mapAttribution } from './export-attribution';
import { mapCaption, mapPng } from './export-map';
import { createHealthBanner, type HealthBanner } from './health-banner';
import {
  loadSettings,
  migrateStoredModel,
  saveSettings,
  settingsProblem,
  toModelSettings,
  type KeyStores,
  type UiSettings,
} from './key-storage';
import { layerTimes, peakTime } from './layer-data';
import { createLayerList } from './layer-list';
import { holdUntilAnswer } from './draw-after-answer';
import { firstQuiet } from './first-quiet';
import type { MapPoint } from './map-keys';
import type { MapInsets } from './map-view';
import { createNetworkNotice, needsInternet, networkProblem } from './network-notice';
import { createProgressBar } from './progress-bar';
import { releaseYear } from './release-year';
import { createScopePicker } from './scope-picker';
import { createSettingsDialog } from './settings-dialog';
import { formatShareLink, parseShareLink } from './share-link';
import { chartRows, layerRows, queryRows } from './shown-rows';
import { asksWithoutClick, sharedQuestionOffer } from './shared-question-offer';
import { createSqlTab } from './sql-tab';
import { suggestQuestions } from './suggest-questions';
import { svgIcon } from './svg-icon';
import { createTabs } from './tabs';
import { createTimeSlider } from './time-slider';

/** Longest a map layer waits for its turn's answer (draw-after-answer.ts): a model's turn may take several steps. */
const LAYER_HOLD_MS = 300;
/**
 * Longest the basemap waits for a question asked (or being typed) before it could be drawn. Its
 * first frame held the main thread 2.5 s in Chromium with SwiftShader, and a question asked at
 * once was answered in the worker ~1.5 s before the page could show it (cold-start trace,
 * 2026-12-04); the first answer waits for DuckDB to start (1.4–1.9 s) and its first loads, and a
 * Gemini turn may take longer: past this the map is drawn anyway.
 */
const BASEMAP_HOLD_MS = 5_000;
/**
 * The page counts as quiet once this long has passed with its data open and no question running
 * (first-quiet.ts): DuckDB's start, which the service worker's install would slow, ends 1.3–2.0 s
 * after the data opened here, and a follow-up tends to come within seconds of an answer.
 */
const QUIET_IDLE_MS = 3_000;
/**
 * The map and chart modules (deck.gl, Plot: 1 MB) load once the chat has been there this long with
 * no question running, or after the first answer. Loading at once, they held the page's main
 * thread in SwiftShader until ~1.6–1.9 s, and a question typed at 0.5 s was submitted only then
 * (cold-start trace, 2026-12-05); the answer's layers and chart wait for them (deferred-views.ts).
 */
const VIEWS_IDLE_MS = 1_000;

export interface AppOptions {
  /** Absolute URL of the folder holding catalog.json (respects the page's sub-path). */
  dataUrl: string;
  /** The page's address: read for a share link, used as the base of new ones. */
  pageUrl: string;
  stores: KeyStores;
  /** The startup-health strip; main.ts passes one holding the site controls (offline data). */
  health?: HealthBanner;
  /** Each table the engine starts or ends reading (main.ts hands them to the service worker). */
  onTableRead?: (table: string) => void;
}

export interface App {
  ask(question: string): void;
  /** Resolves once init, the basemap and the audit list have answered and the map and chart have loaded (or failed). */
  ready: Promise<void>;
  /** Resolves after the map's next drawn frame, once the layers held for an answer are on it. */
  mapRendered(): Promise<void>;
  /** Resolves at the page's first quiet moment (first-quiet.ts): a while with the data open and no question running. */
  firstQuiet: Promise<void>;
}

/** Builds the page inside `root` and wires every view to the agent worker through `host`. */
export function createApp(root: HTMLElement, host: AgentHost, options: AppOptions): App {
  const modelNote = migrateStoredModel(options.stores);
  let settings: UiSettings = loadSettings(options.stores);
  let catalog: Catalog | undefined;
  let inScope: string[] = [];
  let runningTurn: string | undefined;
  let turnCounter = 0;
  /** Every layer on the map, with the turn that drew it (one answer, one map state). */
  const layers = new Map<string, { payload: MapLayerPayload; turnId: string; visible: boolean }>();
  /** Turns a click on the map started: they show a chart and a line and leave the map as it is. */
  const mapTurns = new Set<string>();
  /** The turn whose figures the map and chart show; a payload of another turn replaces them. */
  let figureTurn: string | undefined;
  /** What the running turn drew so far: an answer that drew nothing clears the stage at its end. */
  const drawn = { map: false, chart: false };
  const conversation = createConversationLog();
  /** Questions of an opened share link still to ask, each once the previous turn has ended. */
  let sharedQueue: string[] = [];

  const progress = createProgressBar();
  const health = options.health ?? createHealthBanner();
  const attribution = createAttributionBar();
  const slider = createTimeSlider();
  // The views load at the chat's first quiet moment, so a question asked at once runs without them.
  const viewsQuiet = firstQuiet(VIEWS_IDLE_MS);
  viewsQuiet.opened();
  const map = deferMapView(
    () => coveredEdges(map.element, layerList.element, slider.element),
    viewsQuiet.reached,
  );
  const layerList = createLayerList({
    onVisible: (id, visible) => {
      map.updateLayer(id, { visible });
      const layer = layers.get(id);
      if (layer) layer.visible = visible;
      refreshTimes();
      if (figureTurn) offerLayerRows(figureTurn);
    },
    onOpacity: (id, opacity) => map.updateLayer(id, { opacity }),
    onRemove: (id) => {
      map.removeLayer(id);
      layers.delete(id);
      refreshTimes();
    },
    onZoom: (id) => map.zoomTo(id),
  });
  const mapEmpty = el('p', { class: 'map-empty', role: 'status', hidden: true });
  const chart = deferChartView(
    { attribution: (tables) => exportAttribution(catalog, tables) },
    viewsQuiet.reached,
  );
  const data = createDataTableView();
  /** The Data tab follows the current answer: its chart's rows, else its layers' features, else its query. */
  const dataRows = followAnswer(data);
  /** Tables and packages the basemap was drawn from, for the exported map's attribution. */
  let basemapTables: string[] = [];
  let basemapSources: string[] = [];
  const mapDownload = el(
    'button',
    {
      type: 'button',
      class: 'secondary small map-download',
      'aria-label': 'Download map as PNG',
      onclick: () => void saveMap(),
    },
    // On a phone the first word goes, so the button covers less of the map (the name keeps it).
    [el('span', { class: 'wide-only' }, ['Download ']), 'map as PNG'],
  );
  const sql = createSqlTab();
  const audit = createAuditTab();
  const approvals = createApprovalsTab({
    approve: (card) =>
      host
        .request('approve', { cardId: card.id, arguments: card.arguments })
        .then((result) => {
          catalog = result.catalog;
          inScope = result.datasets;
          attribution.set(catalog, inScope);
          scope.set(catalog, inScope);
          return result;
        })
        .finally(refreshAudit),
    deny: (card) => host.request('deny', { cardId: card.id }).finally(refreshAudit),
  });
  const tabs = createTabs('Results', [
    { id: 'chart', label: 'Chart', panel: el('div', { class: 'tab-panel' }, [chart.element]) },
    { id: 'data', label: 'Data', panel: el('div', { class: 'tab-panel' }, [data.element]) },
    { id: 'sql', label: 'SQL', panel: el('div', { class: 'tab-panel' }, [sql.element]) },
    { id: 'audit', label: 'Audit', panel: el('div', { class: 'tab-panel' }, [audit.element]) },
    { id: 'approvals', label: 'Approvals', panel: el('div', { class: 'tab-panel' }, [approvals.element]) },
  ]);
  approvals.onChange(() => tabs.setBadge('approvals', approvals.pendingCount()));
  const settingsDialog = createSettingsDialog(
    () => settings,
    (next) => {
      settings = next;
      saveSettings(settings, options.stores);
      showModelLabel(modelButton, settings);
    },
    (model) => host.request('models', { model }).then((result) => result.models),
  );
  const scope = createScopePicker(async (datasets) => {
    const result = await host.request('scope-set', { datasets });
    inScope = result.datasets;
    if (catalog) {
      attribution.set(catalog, inScope);
      scope.set(catalog, inScope);
    }
    return inScope;
  });

  const chat = createChatPanel({
    ask: (question) => ask(question),
    askFrame: (frame, question) => ask(question, frame),
    releaseYear: () => releaseYear(catalog),
    stop: () => stop(),
    replay: (summary) => replay(summary),
    shareLink: (turnId) =>
      formatShareLink(options.pageUrl, {
        questions: conversation.questionsUpTo(turnId),
        model: settings.kind,
      }),
  });

  const modelButton = el('button', {
    type: 'button',
    class: 'header-button settings-button',
    title: 'Model and key',
    onclick: () => settingsDialog.open(),
  });
  showModelLabel(modelButton, settings);
  const header = el('header', { class: 'app-header' }, [
    el('div', { class: 'brand' }, [
      brandMark(),
      el('div', {}, [
        el('h1', {}, ['Perch']),
        el('p', { class: 'tagline' }, ['Where and when birds are — answered in your browser']),
      ]),
    ]),
    attribution.badge,
    progress.element,
    el('div', { class: 'header-actions' }, [
      el('button', { type: 'button', class: 'header-button', onclick: () => scope.open() }, ['Data scope']),
      modelButton,
    ]),
  ]);
  // The slider first: the skip link lands on its play button, one Tab before the week.
  const mapControls = el('div', { class: 'map-controls', id: 'map-controls' }, [
    slider.element,
    el('div', { class: 'map-overlay' }, [layerList.element, mapDownload]),
  ]);
  const mapSection = el('section', { class: 'map-wrap', 'aria-label': 'Map' }, [
    map.element,
    mapEmpty,
    mapControls,
  ]);
  const skipLink = el('a', { class: 'skip-link', href: '#map-controls' }, ['Skip to map controls']);
  skipLink.addEventListener('click', (event) => {
    event.preventDefault();
    // The first control on show; with no layer yet, the map itself (arrow keys pan it).
    const shown = [...mapControls.querySelectorAll<HTMLElement>('button, input')].find(
      (control) => control.getClientRects().length > 0,
    );
    (shown ?? map.element.querySelector<HTMLElement>('[tabindex]'))?.focus();
  });
  root.replaceChildren(
    skipLink,
    header,
    health.element,
    el('main', { class: 'app-main' }, [
      el('div', { class: 'side' }, [chat.element]),
      el('div', { class: 'stage' }, [mapSection, tabs.element]),
    ]),
    attribution.element,
    settingsDialog.element,
    scope.element,
  );

  // Sticky offsets on narrow screens follow the header's and the ask bar's real heights (they wrap).
  trackHeight(header, '--header-height');
  trackHeight(chat.element.querySelector('.ask-form')!, '--ask-bar-height');

  slider.onChange((time) => {
    map.setTime(time);
    chart.setCursor(time);
  });
  /**
   * The slider steps through the weeks of the weekly layers on show, and only while one is:
   * it opens at `focus`'s busiest week (a new layer), else keeps the week it showed.
   */
  function refreshTimes(focus?: MapLayerPayload) {
    const before = slider.current();
    const times = new Set<number>();
    const labels: Record<number, string> = {};
    for (const { payload, visible } of layers.values()) {
      if (!visible || !payload.times) continue;
      for (const time of layerTimes(payload)) times.add(time);
      Object.assign(labels, payload.timeLabels ?? {});
    }
    // A one-week or one-season layer has no slider, but its weeks still show where the slider would be.
    const period = [...layers.values()].find(({ payload, visible }) => visible && payload.period)?.payload
      .period;
    slider.setTimes(
      [...times].sort((a, b) => a - b),
      labels,
      period,
    );
    const open = focus ? peakTime(focus) : before;
    if (open !== undefined) slider.set(open);
    if (times.size === 0) chart.setCursor(undefined);
  }
  /** A new answer's first figure: the previous answer's layers go, except pinned ones. */
  function replaceFigures(turnId: string) {
    if (figureTurn === turnId) return;
    figureTurn = turnId;
    for (const [id, layer] of layers)
      if (layer.turnId !== turnId && !layerList.isPinned(id)) {
        map.removeLayer(id);
        layerList.remove(id);
        layers.delete(id);
      }
    mapEmpty.hidden = true;
  }
  function addLayer(turnId: string, payload: MapLayerPayload) {
    replaceFigures(turnId);
    drawn.map = true;
    layers.set(payload.id, { payload, turnId, visible: true });
    // The list and the slider first, so fit-to-data sees the space they take.
    layerList.add(payload);
    refreshTimes(payload.times ? payload : undefined);
    map.addLayer(payload);
    offerLayerRows(turnId);
  }
  const heldLayers = holdUntilAnswer<{ turnId: string; payload: MapLayerPayload }>(
    ({ turnId, payload }) => addLayer(turnId, payload),
    LAYER_HOLD_MS,
  );
  const quiet = firstQuiet(QUIET_IDLE_MS);
  const heldBasemap = holdUntilAnswer<BasemapPayload>((basemap) => map.setBasemap(basemap), BASEMAP_HOLD_MS);
  /** The visible layers `turnId` drew, as the Data tab's rows (shown while that answer has no chart). */
  function offerLayerRows(turnId: string) {
    const shown = [...layers.values()].filter((layer) => layer.turnId === turnId && layer.visible);
    if (shown.length > 0) dataRows.offer(turnId, layerRows(shown.map((layer) => layer.payload)));
  }
  /** The map as drawn, with the layers' names, legend titles, the week and the attribution composed in. */
  async function saveMap() {
    const shown = [...layers.values()].filter((layer) => layer.visible).map((layer) => layer.payload);
    const tables = [...shown.flatMap((layer) => layer.sourceTables), ...basemapTables];
    const caption = mapCaption(shown, slider.current(), mapAttribution(catalog, tables, basemapSources));
    const png = await mapPng(await map.snapshot(), caption, window.devicePixelRatio || 1);
    const stem = caption.title
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 80);
    download(png, `${stem || 'map'}.png`);
  }
  /** An answer that drew no map or no chart clears that area and says so, rather than leave the last one unlabelled. */
  function clearUndrawn(turnId: string) {
    if (!drawn.map) {
      replaceFigures(turnId);
      refreshTimes();
      mapEmpty.hidden = false;
      mapEmpty.textContent =
        layers.size > 0 ? 'This answer has no map; pinned layers stay.' : 'This answer has no map.';
    }
    if (!drawn.chart) chart.clear('This answer has no chart.');
    dataRows.turnEnd(turnId);
  }
  function refreshAudit() {
    host.request('audit-list', {}).then(
      (result) => audit.setEntries(result.entries),
      () => undefined,
    );
  }

  /** `frame`: a reading the person edited on a chip; the model answers it instead of reading `question`. */
  function ask(question: string, frame?: QueryFrame) {
    if (runningTurn) return;
    const problem = settingsProblem(settings);
    if (problem) {
      sharedQueue = [];
      chat.fail(undefined, problem);
      settingsDialog.open();
      return;
    }
    if (!navigator.onLine && needsInternet(settings)) {
      sharedQueue = [];
      chat.fail(undefined, networkProblem(settings));
      return showNetworkProblem();
    }
    const turnId = newTurnId();
    const model = toModelSettings(settings);
    chat.setQuestion(question);
    startTurn(
      turnId,
      question,
      settings.kind === 'offline'
        ? 'offline'
        : settings.kind === 'gemini'
          ? `gemini:${settings.geminiModel}`
          : settings.openaiModel,
    );
    conversation.add(turnId, question);
    host.request('ask', { turnId, question, model, ...(frame ? { frame } : {}) }).catch((error: unknown) => {
      conversation.drop(turnId);
      endTurn(turnId, errorMessage(error));
    });
  }
  /** A click (or Enter) on the map: that place's weekly curve and one line, through the registry as agent `map`. */
  function askMap(point: MapPoint) {
    if (runningTurn) return;
    const turnId = newTurnId();
    const request = mapAskRequest(turnId, point, layers.values(), slider.current(), new Date());
    mapTurns.add(turnId);
    startTurn(turnId, request.question, MAP_TURN_LABEL);
    host.request('map-ask', request).catch((error: unknown) => endTurn(turnId, errorMessage(error)));
  }
  map.onActivate(askMap);
  function replay(summary: TurnSummary) {
    if (runningTurn) return;
    const turnId = newTurnId();
    startTurn(turnId, summary.question, 'replay · no model');
    host
      .request('turn-replay', { turnId, question: summary.question, calls: summary.calls })
      .catch((error: unknown) => endTurn(turnId, errorMessage(error)));
  }
  function stop() {
    if (!runningTurn) return;
    const turnId = runningTurn;
    progress.step('Stopping…');
    host.request('stop', { turnId }).catch((error: unknown) => chat.fail(turnId, errorMessage(error)));
  }
  function startTurn(turnId: string, question: string, label: string) {
    quiet.turnStarted();
    viewsQuiet.turnStarted();
    heldLayers.flush();
    runningTurn = turnId;
    drawn.map = false;
    drawn.chart = false;
    chat.turnOpen(turnId, question, label);
    chat.setRunning(true);
    sql.reset();
    progress.step('Thinking…');
  }
  /** `answered`: the turn ended with an answer (turn-end), not an error or a Stop. */
  function endTurn(turnId: string, failure?: string, answered = failure === undefined) {
    heldBasemap.release();
    heldLayers.release();
    quiet.turnEnded();
    viewsQuiet.turnEnded();
    if (failure) chat.fail(turnId, failure);
    if (runningTurn !== turnId) return;
    runningTurn = undefined;
    chat.setRunning(false);
    progress.done();
    askNextShared(answered);
  }
  /**
   * A shared conversation goes on once a turn has answered; after a failed or stopped turn the
   * follow-ups would lose their context, so the next one waits in the ask box instead.
   */
  function askNextShared(answered: boolean) {
    const next = sharedQueue.shift();
    if (next === undefined) return;
    if (!answered) {
      sharedQueue = [];
      chat.setQuestion(next);
      return;
    }
    ask(next);
  }
  function showNetworkProblem() {
    health.setAlert(
      'network',
      createNetworkNotice(networkProblem(settings), () => {
        settings = { ...settings, kind: 'offline' };
        saveSettings(settings, options.stores);
        showModelLabel(modelButton, settings);
      }),
    );
  }
  if (modelNote) health.setAlert('model', el('div', { class: 'health-alert', role: 'status' }, [modelNote]));
  const newTurnId = () => `turn-${Date.now().toString(36)}-${++turnCounter}`;

  host.onAgentEvent((event) => handleEvent(event));
  host.onPush((message) => handlePush(message));
  function handleEvent(event: AgentEvent) {
    chat.handle(event);
    switch (event.type) {
      case 'step-start':
        progress.step(`Step ${event.step}…`);
        return;
      case 'tool-call':
        progress.step(`Running ${event.name}…`);
        if (event.sql) sql.add({ callId: event.callId, tool: event.name, sql: event.sql });
        return;
      case 'payload-add': {
        const { payload } = event;
        if (payload.kind === 'map-layer') {
          if (event.turnId === runningTurn) drawn.map = true;
          heldLayers.add({ turnId: event.turnId, payload });
        } else if (payload.kind === 'chart') {
          if (event.turnId === runningTurn) drawn.chart = true;
          chart.show(payload);
          chart.setCursor(slider.current());
          dataRows.offer(event.turnId, chartRows(payload));
          tabs.select('chart');
        } else dataRows.offer(event.turnId, queryRows(payload));
        return;
      }
      case 'approval-need':
        // The tab first: a card scrolls itself into view only in a shown panel.
        tabs.select('approvals');
        approvals.upsert([event.card]);
        return;
      case 'audit-add':
        audit.add(event.entry);
        return;
      case 'turn-error':
        if (event.code === 'model_network') showNetworkProblem();
        conversation.drop(event.turnId);
        endTurn(event.turnId, undefined, false);
        return;
      case 'turn-end':
        if (event.turnId === runningTurn && !mapTurns.has(event.turnId)) clearUndrawn(event.turnId);
        endTurn(event.turnId);
        return;
      default:
        return;
    }
  }
  function handlePush(message: WorkerPush) {
    switch (message.type) {
      case 'engine-progress':
        progress.engine(message.message, message.bytes);
        if (message.stage === 'table-load' && message.table) options.onTableRead?.(message.table);
        if (!runningTurn && message.stage !== 'engine-start')
          setTimeout(() => !runningTurn && progress.done(), 1500);
        return;
      case 'approval-list':
        approvals.upsert(message.cards);
        return;
      case 'fatal':
        chat.fail(runningTurn, message.error.message);
        if (runningTurn) endTurn(runningTurn);
        return;
      case 'log':
        return;
    }
  }

  document.addEventListener('keydown', (event) => {
    // Esc inside an open dialog closes the dialog; elsewhere it stops the running turn.
    if (event.key === 'Escape' && runningTurn && !document.querySelector('dialog[open]')) stop();
  });

  // The map and the chart load after the chat (deferred-views.ts); one that does not says so.
  const failedView = (view: string) => (error: unknown) =>
    chat.fail(undefined, `The ${view} did not load: ${errorMessage(error)}. Reload the page.`);
  const viewsLoaded = Promise.all([
    map.loaded.catch(failedView('map')),
    chart.loaded.catch(failedView('chart')),
  ]);

  progress.engine('Starting the data engine…', 0);
  // The worker answers `basemap` and `audit-list` only once `init` has opened the data (not_ready before).
  const opened = host.request('init', { dataUrl: options.dataUrl }).then(
    async (result) => {
      catalog = result.catalog;
      inScope = result.datasets;
      attribution.set(catalog, inScope);
      scope.set(catalog, inScope);
      chat.setSuggestions(suggestQuestions(catalog));
      health.setInit(result);
      progress.done();
      quiet.opened();
      await Promise.allSettled([
        host.request('basemap', {}).then(
          (answer) => {
            basemapTables = answer.basemap.sourceTables;
            basemapSources = answer.basemap.sources;
            // A question being typed holds it too: with the worker started before the UI loads,
            // the basemap came at 1.9–2.4 s, before a question typed at once was sent, and its
            // first frame then held the main thread 4.4–4.9 s in SwiftShader with the question
            // waiting behind it (cold starts here, 2026-12-05: answered at 9.2–10.9 s; 6.8 s held).
            if (runningTurn || chat.typing()) heldBasemap.add(answer.basemap);
            else map.setBasemap(answer.basemap);
          },
          (error: unknown) => chat.fail(undefined, `The basemap did not load: ${errorMessage(error)}`),
        ),
        host.request('audit-list', {}).then((audit_) => audit.setEntries(audit_.entries)),
      ]);
      const shared = parseShareLink(new URL(options.pageUrl).search);
      if (shared.model && shared.model !== settings.kind) {
        settings = { ...settings, kind: shared.model };
        showModelLabel(modelButton, settings);
      }
      openShared(shared.questions);
    },
    (error: unknown) => {
      progress.done();
      chat.fail(
        undefined,
        `The data engine did not start: ${errorMessage(error)}. Reload the page; if it keeps failing, check that the data folder was built (npm run data).`,
      );
    },
  );

  /** A share link's questions: the offline reader asks at once; a paid model waits for a click (shared-question-offer.ts). */
  function openShared(questions: string[]) {
    const [first, ...rest] = questions;
    if (first === undefined) return;
    const start = () => {
      health.setAlert('shared', undefined);
      sharedQueue = rest;
      ask(first);
    };
    if (asksWithoutClick(settings)) return start();
    chat.setQuestion(first);
    health.setAlert('shared', sharedQuestionOffer(settings, questions.length, start));
  }

  return {
    ask,
    ready: Promise.all([opened, viewsLoaded]).then(() => undefined),
    firstQuiet: quiet.reached,
    mapRendered: () => Promise.all([heldBasemap.drawn(), heldLayers.drawn()]).then(() => map.rendered()),
  };
}

/** "Settings · <model>": narrow screens show only "Settings" (the model part is its own span). */
function showModelLabel(button: HTMLButtonElement, settings: UiSettings): void {
  const model =
    settings.kind === 'gemini'
      ? `Gemini ${settings.geminiModel}`
      : settings.kind === 'openai'
        ? settings.openaiModel
        : 'offline model';
  button.replaceChildren('Settings', el('span', { class: 'settings-model' }, [` · ${model}`]));
}

/** Keeps the CSS variable `name` on the root equal to the element's height in pixels. */
function trackHeight(element: HTMLElement, name: string): void {
  new ResizeObserver(() =>
    document.documentElement.style.setProperty(name, `${element.offsetHeight}px`),
  ).observe(element);
}

/**
 * How far the layer list and the slider reach into the map at each edge, from where they are
 * drawn: on a phone the slider docks under the map and covers none of it.
 */
function coveredEdges(map: HTMLElement, layerList: HTMLElement, slider: HTMLElement): MapInsets {
  const area = map.getBoundingClientRect();
  const overlap = (element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    const shown = !element.hidden && box.width > 0 && box.height > 0;
    return shown &&
      box.left < area.right &&
      box.right > area.left &&
      box.top < area.bottom &&
      box.bottom > area.top
      ? box
      : undefined;
  };
  const list = overlap(layerList);
  const bar = overlap(slider);
  return { top: 0, left: 0, right: list?.width ?? 0, bottom: bar?.height ?? 0 };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function brandMark(): SVGSVGElement {
  return svgIcon({
    viewBox: '0 0 32 32',
    className: 'brand-mark',
    paths: [
      {
        d: 'M6 20c0-6 5-11 11-11 3 0 5 1 6 3l4 1-3 2c0 6-5 10-11 10H9l-4 4 1-6c0-1 0-2 0-3z',
        fill: 'currentColor',
      },
      { d: 'M2 27h28', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round' },
    ],
  });
}
