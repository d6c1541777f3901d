// The launcher: the installed games, a set-up form per game, loading a save, and the games
// started in this browser (their links are kept in this browser's storage only).
"use strict";

function remember(game, address) {
  const recent = JSON.parse(localStorage.getItem("banneret-recent") || "[]");
  recent.unshift({ name: game, address, when: new Date().toISOString() });
  localStorage.setItem("banneret-recent", JSON.stringify(recent.slice(0, 20)));
}

function showRecent() {
  const recent = JSON.parse(localStorage.getItem("banneret-recent") || "[]");
  const list = $("#recent-list");
  list.replaceChildren();
  for (const item of recent) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = item.address;
    a.textContent = `${item.name}, started ${new Date(item.when).toLocaleString()}`;
    li.append(a);
    list.append(li);
  }
  $("#recent").hidden = recent.length === 0;
}

function option(value, text, selected = false) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  o.selected = selected;
  return o;
}

function seatChoices(game) {
  const choices = [["here", "a person in this browser"], ["link", "a person with their own link"]];
  for (const kind of game.agents) choices.push([kind, `computer: ${kind}`]);
  return choices;
}

function drawSeats(card, game) {
  const players = Number($("select[name=players]", card).value);
  const box = $(".seats", card);
  box.querySelectorAll("label").forEach((l) => l.remove());
  const computer = game.agents.includes("heuristic") ? "heuristic" : "random";
  game.seats_by_players[players].forEach((faction, i) => {
    const label = document.createElement("label");
    label.textContent = `${faction} `;
    const select = document.createElement("select");
    select.name = `seat:${faction}`;
    for (const [value, text] of seatChoices(game)) select.append(option(value, text, value === (i === 0 ? "here" : computer)));
    label.append(select);
    box.append(label);
  });
}

function drawCard(game) {
  const card = $("#game-card").content.firstElementChild.cloneNode(true);
  card.dataset.game = game.id;
  $(".name", card).textContent = game.name;
  const range = game.min_players === game.max_players ? `${game.min_players}` : `${game.min_players} to ${game.max_players}`;
  $(".players", card).textContent = `${range} players · ${game.factions.join(", ")}`;
  $(".description", card).textContent = game.description;
  $(".coverage", card).textContent = game.coverage ? `Rules: ${game.coverage}` : "";
  const players = $("select[name=players]", card);
  for (let n = game.min_players; n <= game.max_players; n++) players.append(option(n, n, n === game.max_players));
  $(".players-choice", card).hidden = game.min_players === game.max_players;
  const scenario = $("select[name=scenario]", card);
  for (const s of game.scenarios) scenario.append(option(s.name, `${s.name}: ${s.description}`));
  $(".scenario-choice", card).hidden = game.scenarios.length < 2;
  const list = $(".option-list", card);
  for (const o of game.options) {
    const label = document.createElement("label");
    label.title = o.help;
    label.append(`${o.name} `);
    let input;
    if (o.choices) {
      input = document.createElement("select");
      for (const c of o.choices) input.append(option(String(c), String(c), c === o.default));
    } else {
      input = document.createElement("input");
      input.value = String(o.default);
    }
    input.name = `option:${o.name}`;
    label.append(input, ` ${o.help}`);
    list.append(label);
  }
  $(".options", card).hidden = game.options.length === 0;
  players.addEventListener("change", () => drawSeats(card, game));
  drawSeats(card, game);
  $(".setup", card).addEventListener("submit", (event) => {
    event.preventDefault();
    start(card, game);
  });
  return card;
}

async function start(card, game) {
  showError("");
  const form = $(".setup", card);
  const body = { game: game.id, seats: {}, options: {}, players: Number(form.players.value), scenario: form.scenario.value || null };
  for (const el of form.elements) {
    if (el.name.startsWith("seat:")) body.seats[el.name.slice(5)] = el.value;
    if (el.name.startsWith("option:") && el.value !== "") body.options[el.name.slice(7)] = el.value;
  }
  const seed = form.seed.value.trim();
  if (seed !== "") {
    if (!/^-?[0-9]+$/.test(seed)) {
      showError(`the seed is a whole number, not ${JSON.stringify(seed)} (leave it empty for a random one)`);
      return;
    }
    body.seed = seed;  // as text: the server reads every digit
  }
  try {
    const made = await call("POST", "/api/games", body);
    remember(game.name, made.play);
    location.href = made.play;
  } catch (err) {
    showError(err.message);
  }
}

async function load(file) {
  showError("");
  try {
    const text = await file.text();
    const record = JSON.parse(text);  // only to check it and name it: the server reads the text itself
    const made = await call("POST", "/api/import", text);
    remember(`${record.game} (loaded)`, made.play);
    location.href = made.play;
  } catch (err) {
    showError(err instanceof SyntaxError ? "this file is not a save file (not JSON)" : err.message);
  }
}

async function main() {
  showRecent();
  $("#load-file").addEventListener("change", (e) => e.target.files[0] && load(e.target.files[0]));
  try {
    const catalog = await call("GET", "/api/catalog");
    $("#games").replaceChildren(...catalog.games.map(drawCard));
  } catch (err) {
    showError(err.message);
  }
}

main();
