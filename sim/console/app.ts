/**
 * The arbiter's console page: connects to the clock with @espruino-tools/core (link.ts), shows it live from
 * `goclock.status()` every 500 ms, and offers its calls — unlock, pause/resume/new game, the corrections, the
 * control and options with the clock's presets, the log, the record as files, a firmware upload. Every refused call
 * is said on the page in words (`#message`): the clock's own one line, or why the call got no answer.
 *
 * The page's state of the link, shown in `#link-state` (role=status, `data-state` the same words):
 * "not connected", "connecting", "connected, locked console", "connected, read-only", "connected, arbiter",
 * "connection lost". "connected, locked console": the board's Espruino console is locked (E.setPassword +
 * E.lockConsole) and the page has not logged in — without the console password (`#console-password`, sent only when
 * the board answers `password>`, kept nowhere) nothing is evaluated; with a wrong one nothing else is sent.
 *
 * A read-only hook for tests: `window.goclockConsole` (`state`, the last `status`, `polls`).
 */
import { optionChoices } from '../../firmware/clock/options';
import type { Side } from '../../firmware/clock/side';
import {
  AdjustField, API_VERSION, callExpression, isRefusal, isStatus, LogEntry, LogPage, noApiText, Preset, PROBE_EXPRESSION, Status,
} from './device-api';
import { countText, instantText, parseCount, parseDuration } from './format';
import { peopleWords, startIn } from '../../firmware/display/log-text';
import { EvalResult, Link, loadedLibrary, LOCKED_NO_PASSWORD, LOCKED_WRONG_PASSWORD } from './link';
import { endsRecord, MIME, recordFileName, RecordFormat, recordFromLines, recordStatement, RECORD_GAMES } from './record';
import { firmwareProblem, STOP_FIRMWARE, storageWrites, STORED_EXPRESSION, storedProblem } from './upload';

export type ConsoleState =
  | 'not connected'
  | 'connecting'
  | 'connected, locked console'
  | 'connected, read-only'
  | 'connected, arbiter'
  | 'connection lost';

export interface ConsoleHook {
  state: ConsoleState;
  status: Status | null;
  polls: number;
  /** Why the console API is missing on the connected device, or null. */
  noApi: string | null;
}

const POLL_MS = 500;
const LOG_PAGE = 20;
const PLUS_TWO_MS = 120000;

function el<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error('the page has no #' + id);
  return found as T;
}

const hook: ConsoleHook = { state: 'not connected', status: null, polls: 0, noApi: null };
(window as unknown as { goclockConsole: ConsoleHook }).goclockConsole = hook;

let link: Link | null = null;
/** A record download or an upload holds the link: the poll waits. */
let busy: string | null = null;
let polling: ReturnType<typeof setTimeout> | null = null;
let lastLogAt = 0;
let logShown = 0;
let logEntries: LogEntry[] = [];

function showState(state: ConsoleState, note?: string): void {
  hook.state = state;
  const badge = el('link-state');
  badge.textContent = state;
  badge.setAttribute('data-state', state);
  document.body.setAttribute('data-state', state);
  if (note !== undefined) el('link-note').textContent = note;
  const linked = state !== 'not connected' && state !== 'connection lost' && state !== 'connecting';
  el('connect').hidden = linked;
  el<HTMLButtonElement>('connect').disabled = state === 'connecting';
  el('connect').textContent = state === 'connection lost' ? 'Connect again' : 'Connect';
  el('disconnect').hidden = !linked;
  el('console-login').hidden = state !== 'connected, locked console';
}

/** `text` as a sentence: its first letter upper case, a full stop at its end. */
function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');
}

/** A message in words for the arbiter: what was refused and why, or what was done. */
function say(text: string, kind: 'refused' | 'done' | 'problem'): void {
  const message = el('message');
  message.textContent = text;
  message.setAttribute('data-kind', kind);
}

function stateFromStatus(status: Status | null): ConsoleState {
  return status && status.unlocked === true ? 'connected, arbiter' : 'connected, read-only';
}

// ---- the clock view ----

/**
 * Where the page's times count from: the game's start as the device says it, or (firmware that does not say it) its
 * log's start entry, else the device's time line itself.
 */
function startOf(status: Status | null): number | null {
  if (status && status.startMs !== undefined) return status.startMs;
  const start = startIn(logEntries);
  return start === null ? 0 : start;
}

function renderSide(side: Side, status: Status): void {
  const s = status.sides[side];
  el(side + '-shown').textContent = s.shown;
  el(side + '-phase').textContent = s.phase === 'overtime' ? 'overtime' : 'main time';
  el(side + '-periods').textContent = countText(s.periodsLeft);
  el(side + '-moves-left').textContent = countText(s.movesLeft);
  el(side + '-moves').textContent = countText(s.moves);
  const running = status.running === side;
  const toMove = status.toMove === side;
  el(side + '-turn').textContent = running ? '▶ running' : toMove ? '(to move)' : '';
  el('side-' + side).setAttribute('data-turn', running ? 'running' : toMove ? 'to-move' : '');
  const flag = el(side + '-flag');
  flag.hidden = s.flaggedAtMs === null || s.flaggedAtMs === undefined;
  flag.textContent = flag.hidden ? '' : 'flag fell at ' + instantText(s.flaggedAtMs as number, startOf(status));
  el('side-' + side).setAttribute('data-flag', flag.hidden ? 'no' : 'yes');
}

function renderStatus(status: Status): void {
  el('clock-state').textContent = status.state;
  el('clock').setAttribute('data-clock-state', status.state);
  el('control-text').textContent = status.controlText || '';
  renderSide('black', status);
  renderSide('white', status);
  const flags = status.flags || [];
  el('flags').textContent = flags.length === 0 ? '' :
    'Flags, in the order they fell: ' + flags.map((f) => f.side + ' at ' + instantText(f.atMs, startOf(status))).join(', ');
  renderOptions(status.options || {}, false);
  const control = el<HTMLTextAreaElement>('control');
  if (control.getAttribute('data-edited') !== 'yes') control.value = JSON.stringify(status.control, null, 1);
}

// ---- options and presets ----

let presets: Preset[] = [];

function renderOptions(options: { [name: string]: unknown }, force: boolean): void {
  const box = el('options');
  const choices = optionChoices();
  for (const name of Object.keys(choices)) {
    let select = document.getElementById('option-' + name) as HTMLSelectElement | null;
    if (!select) {
      const label = document.createElement('label');
      label.textContent = name + ' ';
      select = document.createElement('select');
      select.id = 'option-' + name;
      for (const value of choices[name]) {
        const option = document.createElement('option');
        option.value = JSON.stringify(value);
        option.textContent = String(value);
        select.appendChild(option);
      }
      select.addEventListener('change', () => (select as HTMLSelectElement).setAttribute('data-edited', 'yes'));
      label.appendChild(select);
      box.appendChild(label);
    }
    if ((force || select.getAttribute('data-edited') !== 'yes') && name in options) select.value = JSON.stringify(options[name]);
  }
}

function chosenOptions(): { [name: string]: unknown } {
  const options: { [name: string]: unknown } = {};
  for (const name of Object.keys(optionChoices())) {
    const select = document.getElementById('option-' + name) as HTMLSelectElement | null;
    if (select) options[name] = JSON.parse(select.value);
  }
  return options;
}

function renderPresets(): void {
  const select = el<HTMLSelectElement>('preset');
  while (select.options.length > 1) select.remove(1);
  for (const preset of presets) {
    const option = document.createElement('option');
    option.value = preset.id;
    option.textContent = preset.name;
    select.appendChild(option);
  }
}

// ---- the log ----

function renderLog(total: number): void {
  el('log-total').textContent = total + ' entries';
  const flags = el('log-flags');
  const entries = el('log-entries');
  flags.textContent = '';
  entries.textContent = '';
  const start = startOf(hook.status);
  const item = (entry: LogEntry) => {
    const li = document.createElement('li');
    li.setAttribute('data-kind', entry.kind);
    li.textContent = instantText(entry.atMs, start) + '  ' + (entry.side ? entry.side + ': ' : '') + peopleWords(entry.text, start);
    return li;
  };
  const flagEntries = logEntries.filter((e) => e.kind === 'flag').sort((a, b) => a.atMs - b.atMs);
  const status = hook.status;
  if (flagEntries.length === 0 && status && status.flags.length > 0) {
    for (const f of status.flags) flags.appendChild(item({ atMs: f.atMs, side: f.side, kind: 'flag', text: 'flag fell' }));
  }
  for (const entry of flagEntries) flags.appendChild(item(entry));
  if (flags.childNodes.length === 0) {
    const li = document.createElement('li');
    li.textContent = 'no flag has fallen';
    li.className = 'none';
    flags.appendChild(li);
  }
  for (const entry of logEntries) if (entry.kind !== 'flag') entries.appendChild(item(entry));
  el<HTMLButtonElement>('log-older').disabled = logShown >= total;
}

async function loadLog(older: boolean): Promise<void> {
  if (!link || busy) return;
  const from = older ? logShown : 0;
  const answer = await link.read<LogPage | { error: string }>(callExpression('log', [from, LOG_PAGE]));
  lastLogAt = Date.now();
  if (!answer.ok) return;
  if (isRefusal(answer.value)) {
    say('The log was refused: ' + answer.value.error, 'refused');
    return;
  }
  const page = answer.value;
  if (!page || !Array.isArray(page.entries)) return;
  logEntries = older ? logEntries.concat(page.entries) : page.entries;
  logShown = from + page.entries.length;
  renderLog(page.total);
}

// ---- the poll ----

/** The poll loop of the current connection: one started before (the link lost, the console locked again) ends. */
let pollRun = 0;

async function poll(run: number): Promise<void> {
  polling = null;
  if (!link || link.phase !== 'connected' || run !== pollRun) return;
  if (busy === null && hook.noApi === null) {
    const answer = await link.read<Status | { error: string }>(callExpression('status'), 4000);
    hook.polls++;
    if (answer.ok && isStatus(answer.value)) {
      hook.status = answer.value;
      renderStatus(answer.value);
      if (link.phase === 'connected') showState(stateFromStatus(answer.value));
    } else if (answer.ok && isRefusal(answer.value)) {
      el('link-note').textContent = 'The clock did not give its status: ' + answer.value.error;
    }
    if (Date.now() - lastLogAt > 5000) await loadLog(false);
  }
  if (link && link.phase === 'connected' && run === pollRun) polling = setTimeout(() => void poll(run), POLL_MS);
}

// ---- connecting ----

const LOCKED_NOTE = 'Connected to the board, but its Espruino console is locked (it answered "password>"): nothing is read or ' +
  'changed until its console password is given.';

/** The console password as typed, and the field cleared: it is kept nowhere once sent. */
function takeConsolePassword(): string {
  const input = el<HTMLInputElement>('console-password');
  const password = input.value;
  input.value = '';
  return password;
}

async function connect(): Promise<void> {
  const library = loadedLibrary();
  if (!library) {
    say('The Bluetooth library (espruino-tools-core.js) did not load: the page cannot reach a clock.', 'problem');
    return;
  }
  if (!link) {
    link = new Link(library);
    link.onPhase = (phase, why) => {
      if (phase === 'connecting') showState('connecting', why || 'Choose "Web Bluetooth", then the clock (its name starts with "Espruino" on most boards).');
      else if (phase === 'not connected') showState('not connected', why || '');
      else if (phase === 'locked') {
        if (polling) clearTimeout(polling);
        polling = null;
        showState('connected, locked console', LOCKED_NOTE);
        say(sentence(why || LOCKED_NO_PASSWORD) + (why === LOCKED_WRONG_PASSWORD ? ' Type it again, then Log in.' : ''), 'refused');
      } else if (phase === 'connection lost') {
        showState('connection lost', (why || 'the link was lost') + '. The clock keeps running; connect again to go on.' +
          (link && link.isLoggedIn() ? ' The board\'s console stays logged in until you connect again and disconnect, or it restarts.' : ''));
        if (polling) clearTimeout(polling);
        polling = null;
      }
    };
  }
  say('', 'done');
  // Read now, sent only if the board asks for it (its console answers "password>").
  const password = el<HTMLInputElement>('console-password').value;
  const problem = await link.connect(password);
  // Once the board was reached the password was used (or not needed): the field keeps it no longer.
  if (link.phase === 'connected' || link.phase === 'locked') el<HTMLInputElement>('console-password').value = '';
  if (problem !== null) return;
  await connected();
}

/** The console password for a board whose console is locked, on the open link; or Connect when there is none. */
async function consoleLogin(): Promise<void> {
  if (!link || hook.state !== 'connected, locked console') {
    if (hook.state === 'not connected' || hook.state === 'connection lost') await connect();
    return;
  }
  say('', 'done');
  const problem = await link.login(takeConsolePassword());
  if (problem !== null) return;
  await connected();
}

/** The link is checked: what the clock is, its presets, then the poll. */
async function connected(): Promise<void> {
  if (!link) return;
  if (link.isLoggedIn()) say('Logged in to the board\'s console; it is locked again when you press Disconnect.', 'done');
  const probe = await link.read<{ v?: number; none?: number }>(PROBE_EXPRESSION);
  hook.noApi = null;
  if (!probe.ok || !probe.value) hook.noApi = 'the clock did not say what it is (' + (probe.ok ? 'no answer' : probe.problem) + ')';
  else if (probe.value.none !== undefined) hook.noApi = noApiText(probe.value.none);
  else if (probe.value.v !== API_VERSION) hook.noApi = 'the clock speaks console API version ' + probe.value.v + '; this page knows version ' + API_VERSION;
  if (link.phase !== 'connected') return;
  showState('connected, read-only', hook.noApi ? 'Connected, but ' + hook.noApi + ': nothing to show or change.' : '');
  if (hook.noApi === null) {
    const list = await link.read<{ presets: Preset[] }>(callExpression('presets'));
    if (list.ok && list.value && Array.isArray(list.value.presets)) {
      presets = list.value.presets;
      renderPresets();
    }
  }
  void poll(++pollRun);
}

// ---- changing calls ----

/** Runs a changing call and says what came of it; resolves with the clock's answer when it was not refused. */
async function change(name: string, args: unknown[], done: string): Promise<unknown> {
  if (!link || link.phase !== 'connected') {
    say(done + ': not done — no clock is connected.', 'problem');
    return undefined;
  }
  if (busy) {
    say(done + ': not done — wait until the ' + busy + ' has finished.', 'problem');
    return undefined;
  }
  const answer: EvalResult<unknown> = await link.change<unknown>(callExpression(name, args));
  if (!answer.ok) {
    say(done + ': not done — ' + answer.problem + '.', 'problem');
    return undefined;
  }
  if (isRefusal(answer.value)) {
    say(done + ': refused by the clock — ' + answer.value.error, 'refused');
    return undefined;
  }
  if (answer.value === undefined || answer.value === null) {
    say(done + ': the clock has no such call (is its firmware older than this page?).', 'problem');
    return undefined;
  }
  say(done + ': done.', 'done');
  lastLogAt = 0;
  return answer.value;
}

async function unlock(): Promise<void> {
  const input = el<HTMLInputElement>('code');
  const code = input.value.trim();
  if (!/^\d{4}$/.test(code)) {
    say('Unlock: the arbiter\'s code is 4 digits.', 'problem');
    return;
  }
  input.value = '';
  const answer = await change('unlock', [code], 'Unlock');
  if (answer !== undefined) {
    say('Unlocked: changes are allowed until you lock the console (or the clock restarts).', 'done');
    if (hook.status) hook.status.unlocked = true;
    showState('connected, arbiter');
  }
}

async function lock(): Promise<void> {
  const answer = await change('lock', [], 'Lock');
  if (answer !== undefined) {
    if (hook.status) hook.status.unlocked = false;
    showState('connected, read-only');
  }
}

function adjustValue(field: AdjustField, text: string): number | null {
  if (field === 'deltaMs') return parseDuration(text, true);
  if (field === 'remainingMs') return parseDuration(text, false);
  return parseCount(text);
}

const FIELD_WORDS: { [field in AdjustField]: string } = {
  deltaMs: 'time added or taken',
  remainingMs: 'time left',
  periodsLeft: 'periods left',
  movesLeft: 'moves left',
  moves: 'move counter',
};

async function adjust(): Promise<void> {
  const side = el<HTMLSelectElement>('adjust-side').value as Side;
  const field = el<HTMLSelectElement>('adjust-field').value as AdjustField;
  const text = el<HTMLInputElement>('adjust-value').value;
  const value = adjustValue(field, text);
  const what = 'Correction (' + side + ', ' + FIELD_WORDS[field] + ' ' + text.trim() + ')';
  if (value === null) {
    say(what + ': not sent — ' + (field === 'deltaMs' ? 'type a time like +2:00 or -0:30' : field === 'remainingMs' ? 'type a time like 1:00:00 or 4:30' : 'type a whole number') + '.', 'problem');
    return;
  }
  const correction: { [key: string]: unknown } = { side: side };
  correction[field] = value;
  await change('adjust', [correction], what);
}

async function setControl(): Promise<void> {
  let control: unknown;
  try {
    control = JSON.parse(el<HTMLTextAreaElement>('control').value);
  } catch (error) {
    say('Set control: not sent — the control is not JSON (' + (error as Error).message + ').', 'problem');
    return;
  }
  const answer = await change('setControl', [control, chosenOptions()], 'Set control and options');
  if (answer !== undefined) {
    el('control').removeAttribute('data-edited');
    for (const name of Object.keys(optionChoices())) {
      const select = document.getElementById('option-' + name);
      if (select) select.removeAttribute('data-edited');
    }
  }
}

function choosePreset(): void {
  const id = el<HTMLSelectElement>('preset').value;
  const preset = presets.filter((p) => p.id === id)[0];
  const control = el<HTMLTextAreaElement>('control');
  if (preset) {
    control.value = JSON.stringify(preset.control, null, 1);
    control.setAttribute('data-edited', 'yes');
  } else {
    control.removeAttribute('data-edited');
    if (hook.status) control.value = JSON.stringify(hook.status.control, null, 1);
  }
}

// ---- the record ----

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

async function record(format: RecordFormat): Promise<void> {
  if (!link || link.phase !== 'connected') {
    say('Record: no clock is connected.', 'problem');
    return;
  }
  if (busy) {
    say('Record: wait until the ' + busy + ' has finished.', 'problem');
    return;
  }
  const game = Number(el<HTMLSelectElement>('record-game').value);
  busy = 'record download';
  try {
    const printed = await link.printed(recordStatement(format, game), endsRecord, 15000);
    if (!printed.ok) {
      say('Record: not read — ' + printed.problem + '.', 'problem');
      return;
    }
    const file = recordFromLines(printed.value, format);
    if ('problem' in file) {
      say('Record: none — ' + file.problem + '.', 'refused');
      return;
    }
    const name = recordFileName(new Date(), format);
    download(name, file.text, MIME[format]);
    say('Record of the ' + RECORD_GAMES[game] + ' downloaded as ' + name + '.', 'done');
  } finally {
    busy = null;
  }
}

// ---- the firmware upload ----

function readFile(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

async function upload(): Promise<void> {
  const state = el('upload-state');
  const progress = el<HTMLProgressElement>('upload-progress');
  const input = el<HTMLInputElement>('firmware-file');
  const file = input.files && input.files[0];
  if (!link || link.phase !== 'connected') {
    say('Upload: no clock is connected.', 'problem');
    return;
  }
  if (!file) {
    say('Upload: choose a firmware file first (dist/<board>.js).', 'problem');
    return;
  }
  if (busy) {
    say('Upload: wait until the ' + busy + ' has finished.', 'problem');
    return;
  }
  busy = 'upload';
  try {
    // The gate is decided on the clock's status read now, not on the poll's last one: right after connecting no poll
    // has answered yet, and a gate that passed on an unknown status would upload without the arbiter's code.
    let status: Status | null = null;
    if (hook.noApi === null) {
      const answer = await link.read<Status | { error: string }>(callExpression('status'), 4000);
      if (!answer.ok || !isStatus(answer.value)) {
        say('Upload: not sent — the clock did not give its status (' + (answer.ok ? 'no status in its answer' : answer.problem) + ').', 'problem');
        return;
      }
      status = hook.status = answer.value;
    }
    if (status && status.state === 'running') {
      say('Upload: refused — a game is running; pause it or finish it first (it is kept in flash and comes back after the restart).', 'refused');
      return;
    }
    if (status && status.unlocked !== true) {
      say('Upload: refused — unlock with the arbiter\'s code first.', 'refused');
      return;
    }
    const bytes = await readFile(file);
    const problem = firmwareProblem(bytes, file.name);
    if (problem) {
      say('Upload: not sent — ' + problem + '.', 'problem');
      return;
    }
    progress.hidden = false;
    progress.value = 0;
    const lines = [STOP_FIRMWARE].concat(storageWrites(bytes));
    state.textContent = 'Uploading ' + file.name + ' (' + bytes.length + ' bytes)…';
    const typed = await link.typeLines(lines, (done, total) => {
      progress.value = done / total;
      state.textContent = 'Uploading ' + file.name + ': ' + Math.round((100 * done) / total) + ' %';
    });
    if (!typed.ok) {
      state.textContent = 'Upload failed: ' + typed.problem + '.';
      say('Upload failed: ' + typed.problem + '. The clock stays stopped until it restarts: upload again.', 'problem');
      return;
    }
    const stored = await link.read<unknown>(STORED_EXPRESSION, 30000);
    const wrong = stored.ok ? storedProblem(stored.value, bytes) : 'the clock did not say what it stored (' + stored.problem + ')';
    if (wrong) {
      state.textContent = 'Upload failed: ' + wrong + '.';
      say('Upload failed: ' + wrong + '. The clock is stopped: upload again.', 'problem');
      return;
    }
    state.textContent = 'Stored and checked (' + bytes.length + ' bytes, CRC-32 matches); the clock restarts from it.';
    await link.typeLines(['load()'], () => undefined);
    say('Firmware uploaded: ' + file.name + '. The clock restarts.', 'done');
  } finally {
    busy = null;
  }
}

// ---- wiring ----

function on(id: string, event: string, handler: () => void | Promise<void>): void {
  el(id).addEventListener(event, (e) => {
    if (event === 'submit') e.preventDefault();
    void handler();
  });
}

function start(): void {
  const gameSelect = el<HTMLSelectElement>('record-game');
  RECORD_GAMES.forEach((name, index) => {
    const option = document.createElement('option');
    option.value = String(index);
    option.textContent = name;
    gameSelect.appendChild(option);
  });
  renderOptions({}, true);
  showState('not connected', loadedLibrary() ? '' : 'The Bluetooth library did not load.');
  if (location.protocol === 'http:' && location.hostname !== 'localhost') {
    el('link-note').textContent = 'Open this page as http://localhost:' + location.port + '/ or over HTTPS: the Bluetooth library refuses plain HTTP elsewhere.';
  } else if (!(navigator as unknown as { bluetooth?: unknown }).bluetooth) {
    el('link-note').textContent = 'This browser has no Web Bluetooth: use Chrome, Edge or another Chromium browser (on Linux, with its Bluetooth flag on).';
  }
  on('connect', 'click', connect);
  on('console-login-form', 'submit', consoleLogin);
  on('disconnect', 'click', () => {
    if (link) link.disconnect();
    if (polling) clearTimeout(polling);
    polling = null;
  });
  on('unlock-form', 'submit', unlock);
  on('lock', 'click', lock);
  on('pause', 'click', () => change('pause', [], 'Pause').then(() => undefined));
  on('resume', 'click', () => change('resume', [], 'Resume').then(() => undefined));
  on('new-game', 'click', () => change('newGame', [], 'New game').then(() => undefined));
  on('plus2-black', 'click', () => change('adjust', [{ side: 'black', deltaMs: PLUS_TWO_MS }], '+2:00 to Black').then(() => undefined));
  on('plus2-white', 'click', () => change('adjust', [{ side: 'white', deltaMs: PLUS_TWO_MS }], '+2:00 to White').then(() => undefined));
  on('adjust-form', 'submit', adjust);
  on('setup-form', 'submit', setControl);
  on('preset', 'change', choosePreset);
  el('control').addEventListener('input', () => el('control').setAttribute('data-edited', 'yes'));
  on('log-older', 'click', () => loadLog(true));
  on('log-refresh', 'click', () => loadLog(false));
  on('record-sgf', 'click', () => record('sgf'));
  on('record-csv', 'click', () => record('csv'));
  on('upload', 'click', upload);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
