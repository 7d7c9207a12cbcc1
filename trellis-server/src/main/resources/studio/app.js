// Trellis Studio's shell: hash routes → one view module each, keyboard shortcuts, the error banner.
// Speaks only the LangGraph HTTP API of the server that serves it.
import { api } from "./api.js";
import { clearError, showError } from "./errors.js";
import { installKeys } from "./keys.js";

const routes = [
  [/^\/assistants\/?$/, "assistants", []],
  [/^\/assistants\/([^/]+)\/run$/, "run", ["assistant"]],
  [/^\/assistants\/([^/]+)$/, "assistant", ["assistant"]],
  [/^\/threads\/?$/, "threads", []],
  [/^\/threads\/([^/]+)\/history$/, "history", ["thread"]],
  [/^\/threads\/([^/]+)\/runs$/, "runs", ["thread"]],
  [/^\/threads\/([^/]+)$/, "thread", ["thread"]],
  [/^\/crons\/?$/, "crons", []],
  [/^\/store\/?$/, "store", []],
];

const main = document.getElementById("main");
let cleanup = null;
let generation = 0;

async function route() {
  const raw = location.hash.replace(/^#/, "") || "/assistants";
  const [path, qs] = raw.split("?");
  const match = routes.map(([re, view, names]) => [re.exec(path), view, names]).find(([m]) => m);
  if (!match) {
    location.replace("#/assistants");
    return;
  }
  const [m, view, names] = match;
  const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
  const query = Object.fromEntries(new URLSearchParams(qs ?? ""));
  const mine = ++generation;
  if (cleanup) cleanup();
  cleanup = null;
  clearError();
  for (const a of document.querySelectorAll("nav a")) {
    const on = path.startsWith("/" + a.dataset.section);
    if (on) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  main.replaceChildren();
  main.setAttribute("aria-busy", "true");
  try {
    const module = await import(`./views/${view}.js`);
    if (mine !== generation) return;
    const controller = new AbortController();
    const done = await module.render(main, { ...params, query, signal: controller.signal });
    cleanup = () => {
      controller.abort();
      if (typeof done === "function") done();
    };
  } catch (e) {
    if (e?.name !== "AbortError") showError(e);
  } finally {
    if (mine === generation) main.removeAttribute("aria-busy");
  }
  const heading = main.querySelector("h1");
  if (heading && !main.contains(document.activeElement)) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

document.getElementById("error-close").addEventListener("click", clearError);
window.addEventListener("hashchange", route);
installKeys();
route();
api("GET", "/info").then(
  (info) => (document.getElementById("server").textContent = info?.version ? `server ${info.version}` : ""),
  () => {},
);
