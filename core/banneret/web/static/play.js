// A game page: the board drawn by the game, its legal actions as a list and as things to
// click on the board, the log, undo, save and replay. The page's token is in its address;
// every fact shown comes from the server's answer for this token's seat.
"use strict";

const token = location.pathname.split("/").pop();
const api = `/api/play/${token}`;

const page = {
  data: null,       // the server's last answer
  shown: null,      // the faction whose view is on screen
  picked: [],       // board targets clicked so far
  replay: null,     // {step, steps, as} while replaying
  busy: false,
};

// --- talking to the server -----------------------------------------------------------------

// Answers are shown only for the last request sent: a refresh the live socket started can
// answer after a move or an undo sent later, and must not put the older state back.
let sent = 0;

async function latest(method, url, body) {
  const ticket = ++sent;
  const data = await call(method, url, body);
  if (ticket === sent) accept(data);
}

async function refresh(faction = page.shown) {
  const url = faction ? `${api}?as=${encodeURIComponent(faction)}` : api;
  try {
    await latest("GET", url);
  } catch (err) {
    showError(err.message);
  }
}

// Hot-seat: when another person of this browser must decide, hide the board behind a
// "pass the screen" notice before asking for their view.
function accept(data) {
  const next = data.deciding.length && !data.deciding.includes(data.you) ? data.deciding[0] : null;
  if (next && data.yours.length > 1) {
    page.data = null;
    page.shown = null;
    clearBoard();
    $("#pass-text").textContent = `Pass the screen to ${next}. Only ${next} should look now.`;
    $("#pass").hidden = false;
    $("#pass-ok").onclick = () => {
      $("#pass").hidden = true;
      refresh(next);
    };
    return;
  }
  page.data = data;
  page.shown = data.you;
  page.picked = [];
  draw();
}

async function act(label) {
  if (page.busy || !page.data) return;
  page.busy = true;
  showError("");
  const data = page.data;
  $("#hint").textContent = "Sent; the computer players answer…";
  document.body.classList.add("busy");
  try {
    await latest("POST", `${api}/act`, { faction: data.you, label, step: data.step });
  } catch (err) {
    showError(err.message);
    await refresh();
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
  }
}

// --- drawing ---------------------------------------------------------------------------------

function clearBoard() {
  for (const id of ["#board", "#actions", "#choices", "#log", "#seats"]) $(id).replaceChildren();
  $("#prompt").textContent = "";
  $("#hint").textContent = "";
}

function putBoard(board) {
  const box = $("#board");
  if (board.svg !== undefined) {
    box.innerHTML = board.svg;  // drawn by the server from this seat's view, every value escaped
  } else {
    const pre = document.createElement("pre");
    pre.textContent = board.text;
    box.replaceChildren(pre);
  }
}

function draw() {
  const data = page.data;
  document.title = `${data.game.name} · Banneret`;
  $("#title").textContent = `${data.game.name} · ${data.game.scenario}` + (data.you ? ` · you play ${data.you}` : "");
  $("#status").textContent = data.over ? "game over" : `step ${data.step} · turn ${data.turn}`;
  putBoard(data.board);
  drawDecision();
  drawSeats();
  drawLog(data.log);
  drawFree();
  $("#notice").textContent = data.notice ? `Note: ${data.notice}` : "";
  $("#notice").hidden = !data.notice;
  $("#undo").hidden = !data.can_undo;
  $("#save").hidden = !data.may_save;
  $("#replay").hidden = !data.may_replay;
  markTargets();
}

function drawDecision() {
  const data = page.data;
  const prompt = $("#prompt");
  if (data.over) {
    const o = data.outcome || {};
    prompt.textContent = o.winners && o.winners.length ? `${o.winners.join(" and ")} won: ${o.reason}` : `The game ended: ${o.reason || ""}`;
  } else if (data.actions.length) {
    prompt.textContent = `${data.you}: ${data.pending.prompt || data.pending.kind}`;
  } else {
    prompt.textContent = `Waiting for ${data.pending.players.join(", ")} (${data.pending.kind})`;
  }
  const hasTargets = Object.keys(boardTargets()).length > 0;
  $("#hint").textContent = hasTargets ? "Click on the board, or choose from the list." : "";
  const filter = $("#filter");
  filter.hidden = data.actions.length <= 12;
  filter.oninput = () => drawActions();
  drawActions();
}

function drawActions() {
  const filter = $("#filter").value.trim().toLowerCase();
  const list = $("#actions");
  list.replaceChildren();
  for (const a of page.data.actions) {
    if (filter && !a.label.toLowerCase().includes(filter)) continue;
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.textContent = a.label;
    button.onclick = () => act(a.label);
    li.append(button);
    list.append(li);
  }
}

// actions outside the sequence of play (Warrior Knights: crowns handed over): a list to pick from
function drawFree() {
  const free = page.data.free_actions || [];
  $("#free").hidden = !free.length || page.data.over;
  const select = $("#free-list");
  const kept = select.value;
  select.replaceChildren(...free.map((a) => new Option(a.label, a.label, false, a.label === kept)));
}

function drawSeats() {
  const data = page.data;
  const list = $("#seats");
  list.replaceChildren();
  for (const [faction, who] of Object.entries(data.seats)) {
    const li = document.createElement("li");
    li.textContent = `${faction}: ${who}`;
    if (data.pending.players.includes(faction)) li.classList.add("deciding");
    const link = data.links && data.links[faction];
    if (link) {
      const address = `${location.origin}/play/${link}`;
      const a = document.createElement("a");
      a.href = address;
      a.textContent = "their link";
      a.target = "_blank";
      const copy = document.createElement("button");
      copy.type = "button";
      copy.textContent = "copy";
      copy.onclick = () => navigator.clipboard && navigator.clipboard.writeText(address);
      li.append(" · ", a, " ", copy);
    }
    list.append(li);
  }
}

function drawLog(lines) {
  const list = $("#log");
  list.replaceChildren(...lines.map((text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }));
  list.scrollTop = list.scrollHeight;
}

// --- clicking on the board ---------------------------------------------------------------------

function boardTargets() {
  return (page.data && page.data.board.targets) || {};
}

// the actions whose click path begins with what was picked
function matching() {
  const picked = page.picked;
  return Object.entries(boardTargets()).filter(([, path]) => picked.every((t, i) => path[i] === t));
}

function markTargets() {
  const next = new Set();
  for (const [, path] of matching()) if (path.length > page.picked.length) next.add(path[page.picked.length]);
  for (const el of document.querySelectorAll("#board [data-target]")) {
    const target = el.getAttribute("data-target");
    el.classList.toggle("bn-next", next.has(target));
    el.classList.toggle("bn-picked", page.picked.includes(target));
  }
  const choices = $("#choices");
  choices.replaceChildren();
  if (!page.picked.length) return;
  const done = matching().filter(([, path]) => path.length === page.picked.length);
  if (done.length) {
    const note = document.createElement("p");
    note.textContent = next.size ? "Choose, or click on to go on:" : "Choose:";
    choices.append(note);
  }
  for (const [label] of done) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice";
    button.textContent = label;
    button.onclick = () => act(label);
    choices.append(button);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.textContent = "Cancel";
  cancel.onclick = () => { page.picked = []; markTargets(); };
  choices.append(cancel);
}

function clickBoard(event) {
  if (!page.data || page.replay) return;
  const el = event.target.closest("[data-target]");
  const target = el && el.getAttribute("data-target");
  const extend = (picked) => Object.entries(boardTargets()).some(([, p]) => picked.every((t, i) => p[i] === t));
  if (target && extend([...page.picked, target])) {
    page.picked.push(target);
  } else if (target && extend([target])) {
    page.picked = [target];
  } else {
    page.picked = [];
    markTargets();
    return;
  }
  const found = matching();
  const longer = found.some(([, path]) => path.length > page.picked.length);
  const done = found.filter(([, path]) => path.length === page.picked.length);
  if (done.length === 1 && !longer) {
    act(done[0][0]);
    return;
  }
  markTargets();
}

// --- undo, save, replay ------------------------------------------------------------------------

async function undo() {
  showError("");
  try {
    await latest("POST", `${api}/undo`, { faction: page.data.you });
  } catch (err) {
    showError(err.message);
  }
}

async function save() {
  showError("");
  try {
    const record = await call("GET", `${api}/save`);
    const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${record.game}-step${record.actions.length}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  } catch (err) {
    showError(err.message);
  }
}

async function showReplay(step, as) {
  try {
    const url = `${api}/replay?step=${step}` + (as ? `&as=${encodeURIComponent(as)}` : "");
    const r = await call("GET", url);
    page.replay = r;
    $("#replay-bar").hidden = false;
    $("#r-step").textContent = `step ${r.step} of ${r.steps}`;
    $("#r-last-move").textContent = r.last ? `${r.last.player}: ${r.last.label}` : "";
    const select = $("#r-as");
    if (!select.options.length) {
      for (const f of r.factions) select.append(new Option(f, f, f === as, f === as));
    }
    putBoard(r.board);
    drawLog(r.log);
    $("#prompt").textContent = `Replay: ${r.pending.prompt || r.pending.kind}`;
    for (const id of ["#actions", "#choices"]) $(id).replaceChildren();
  } catch (err) {
    showError(err.message);
  }
}

function replayControls() {
  const go = (step) => showReplay(Math.max(0, Math.min(page.replay.steps, step)), $("#r-as").value);
  $("#replay").onclick = () => showReplay(page.data.step, page.data.you);
  $("#r-first").onclick = () => go(0);
  $("#r-back").onclick = () => go(page.replay.step - 1);
  $("#r-next").onclick = () => go(page.replay.step + 1);
  $("#r-last").onclick = () => go(page.replay.steps);
  $("#r-as").onchange = () => go(page.replay.step);
  $("#r-exit").onclick = () => {
    page.replay = null;
    $("#replay-bar").hidden = true;
    $("#r-as").replaceChildren();
    refresh();
  };
  document.addEventListener("keydown", (e) => {
    if (!page.replay || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowLeft") go(page.replay.step - 1);
    if (e.key === "ArrowRight") go(page.replay.step + 1);
  });
}

// --- live updates --------------------------------------------------------------------------------

function listen(delay = 500) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${api}/live`);
  socket.onopen = () => { $("#live").textContent = "● live"; delay = 500; };
  socket.onmessage = (event) => {
    const { step } = JSON.parse(event.data);
    if (!page.busy && !page.replay && page.data && step !== page.data.step) refresh();
  };
  socket.onclose = () => {
    $("#live").textContent = "○ reconnecting";
    setTimeout(() => listen(Math.min(delay * 2, 10000)), delay);
  };
}

function main() {
  $("#board").addEventListener("click", clickBoard);
  $("#undo").onclick = undo;
  $("#save").onclick = save;
  $("#free-do").onclick = () => { if ($("#free-list").value) act($("#free-list").value); };
  replayControls();
  refresh(null);
  listen();
}

main();
