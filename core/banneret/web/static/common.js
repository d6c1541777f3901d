// What both pages share: finding elements, calling the JSON API, showing a refusal.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);

// A JSON request; a refusal becomes an Error carrying the server's sentence.
// body: an object sent as JSON, or a string already in JSON (a save file's text as it is:
// parsing it here would round a seed beyond 2**53)
async function call(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined || typeof body === "string" ? body : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

function showError(text) {
  const box = $("#error");
  box.textContent = text || "";
  box.hidden = !text;
}
