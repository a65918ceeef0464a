"""The phone page: one read-only HTML page the desk serves at ``/``, in the visitor's language.

Why one self-contained page polling ``/api/state``: it works in any phone's ordinary browser
without an app, a login or anything fetched from the internet; the poll every
:data:`POLL_SECONDS` seconds sends ``If-None-Match`` and gets an empty ``304`` while nothing
changed, so 300 phones cost the desk little (see ``python -m game.tools.bench_desk``). The page
builds its text with ``textContent`` only, so a player's name can never become markup.

Every word is from the message catalogues (keys ``desk.page.*``), chosen by ``?lang=`` or the
desk's language.
"""

from __future__ import annotations

import json

from game.i18n import LANGUAGES, translate

POLL_SECONDS = 3

WORDS = (
    "title",
    "playing",
    "nobody_playing",
    "board",
    "find",
    "choose",
    "next_board",
    "next_wait",
    "next_wait_opponent",
    "out",
    "champion",
    "standings",
    "rank",
    "name",
    "wins",
    "losses",
    "withdrawn",
    "results",
    "updated",
    "offline",
    "finished",
    "games",
    "points",
)

TEMPLATE = """<!doctype html>
<html lang="%LANG%"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE%</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#0f3b2e;color:#f4efe1}
header{background:#082a20;padding:12px 16px}
h1{font-size:1.35rem;margin:0}
#status{font-size:.85rem;opacity:.8;margin-top:4px}
main{display:grid;gap:14px;padding:14px;grid-template-columns:1fr}
@media(min-width:900px){main{grid-template-columns:1fr 1fr}}
section{background:#174d3c;border-radius:10px;padding:12px 14px}
h2{font-size:1.05rem;margin:0 0 8px;color:#f6c85f}
.live{display:flex;justify-content:space-between;padding:6px 0;border-bottom:1px solid #2b6b56}
.live b{color:#f6c85f}
select{font-size:1rem;padding:6px;width:100%;margin-bottom:8px}
#mine{font-size:1.15rem;font-weight:600}
table{width:100%;border-collapse:collapse}
td,th{text-align:left;padding:4px 6px;border-bottom:1px solid #2b6b56}
.off{opacity:.55}
nav a{color:#f4efe1;margin-right:10px}
</style></head>
<body><header><h1 id="title">%TITLE%</h1><div id="status"></div>
<nav>%LANGS%</nav></header>
<main>
<section><h2 id="h-find"></h2><select id="who"></select><div id="mine"></div></section>
<section><h2 id="h-playing"></h2><div id="playing"></div></section>
<section><h2 id="h-standings"></h2><table id="standings"></table></section>
<section><h2 id="h-results"></h2><div id="results"></div></section>
</main>
<script>
"use strict";
const W = %WORDS%;
const POLL = %POLL% * 1000;
let tag = null, state = null;
function say(key, p) {
  let s = W[key] || key;
  for (const k in (p || {})) s = s.split("{" + k + "}").join(p[k]);
  return s;
}
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }
for (const k of ["find", "playing", "standings", "results"]) {
  document.getElementById("h-" + k).textContent = say(k);
}
const who = document.getElementById("who");
who.addEventListener("change", () => { localStorage.setItem("desk-player", who.value); draw(); });
function mine(name) {
  const t = state.tournament;
  if (!name) return "";
  if (t.finished && t.winner === name) return say("champion");
  for (const m of state.matches) {
    if (m.winner !== null || m.how !== null) continue;
    const k = m.players.indexOf(name);
    if (k < 0) continue;
    const other = m.players[1 - k];
    if (other === null) return say("next_wait_opponent");
    if (m.board) return say("next_board", {board: m.board, name: other});
    return say("next_wait", {name: other});
  }
  return say("out");
}
function draw() {
  if (!state || !state.tournament) return;
  const t = state.tournament;
  document.getElementById("title").textContent = t.name;
  document.title = t.name;
  const asked = decodeURIComponent(location.hash.slice(1));
  const chosen = who.value || asked || localStorage.getItem("desk-player") || "";
  clear(who).appendChild(el("option", say("choose"))).value = "";
  for (const p of state.players) {
    const o = el("option", p);
    o.value = p;
    if (p === chosen) o.selected = true;
    who.appendChild(o);
  }
  document.getElementById("mine").textContent = mine(chosen);
  const playing = clear(document.getElementById("playing"));
  const live = state.matches.filter(m => m.board && m.how === null);
  if (!live.length) playing.appendChild(el("div", t.finished ? say("finished") : say("nobody_playing")));
  for (const m of live) {
    const row = el("div", undefined, "live");
    row.appendChild(el("span", say("board", {board: m.board})));
    const s = el("span"); s.appendChild(el("span", m.players[0] + " "));
    s.appendChild(el("b", m.score[0] + " - " + m.score[1])); s.appendChild(el("span", " " + m.players[1]));
    row.appendChild(s); row.appendChild(el("span", say("points", {n: m.length})));
    playing.appendChild(row);
  }
  const table = clear(document.getElementById("standings"));
  const head = el("tr");
  for (const k of ["rank", "name", "wins", "losses"]) head.appendChild(el("th", say(k)));
  table.appendChild(head);
  for (const s of state.standings) {
    const tr = el("tr", undefined, s.withdrawn ? "off" : "");
    tr.appendChild(el("td", String(s.rank)));
    tr.appendChild(el("td", s.name + (s.withdrawn ? " (" + say("withdrawn") + ")" : "")));
    tr.appendChild(el("td", String(s.wins))); tr.appendChild(el("td", String(s.losses)));
    table.appendChild(tr);
  }
  const results = clear(document.getElementById("results"));
  const decided = state.matches.filter(m => ["played", "typed", "time"].includes(m.how));
  for (const m of decided.reverse()) {
    const line = m.players[0] + " " + m.score[0] + " - " + m.score[1] + " " + m.players[1];
    results.appendChild(el("div", m.id + ": " + line));
  }
}
async function poll() {
  try {
    const r = await fetch("/api/state", {headers: tag ? {"If-None-Match": tag} : {}, cache: "no-store"});
    if (r.status === 200) { tag = r.headers.get("ETag"); state = await r.json(); draw(); }
    document.getElementById("status").textContent = say("updated", {time: new Date().toLocaleTimeString()});
  } catch (e) {
    document.getElementById("status").textContent = say("offline");
  }
  setTimeout(poll, POLL);
}
poll();
</script></body></html>
"""


def render(lang: str) -> bytes:
    """The page in ``lang`` (English for a language the game does not speak)."""
    lang = lang if lang in LANGUAGES else "en"
    slots = {name: "{" + name + "}" for name in ("n", "board", "name", "time")}  # filled in by the script
    words = {w: translate(lang, f"desk.page.{w}", **slots) for w in WORDS}
    langs = " ".join(f'<a href="/?lang={code}">{translate(code, f"lang.{code}")}</a>' for code in LANGUAGES)
    html = (
        TEMPLATE.replace("%LANG%", lang)
        .replace("%TITLE%", words["title"])
        .replace("%LANGS%", langs)
        .replace("%POLL%", str(POLL_SECONDS))
        .replace("%WORDS%", json.dumps(words, ensure_ascii=False).replace("<", "\\u003c"))
    )
    return html.encode("utf-8")


PAGES: dict[str, bytes] = {}


def page(lang: str) -> bytes:
    if lang not in PAGES:
        PAGES[lang if lang in LANGUAGES else "en"] = render(lang)
    return PAGES[lang if lang in LANGUAGES else "en"]


__all__ = ["POLL_SECONDS", "WORDS", "page", "render"]
