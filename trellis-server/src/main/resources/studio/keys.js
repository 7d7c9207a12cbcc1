// Keyboard navigation: section keys, "/" to the page's search, j/k and arrows through lists, "?" for help,
// Ctrl+Enter submits the form being typed in.

const sections = { a: "#/assistants", t: "#/threads", c: "#/crons", s: "#/store" };

function typing(el) {
  return el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** Moves focus to the next (+1) or previous (-1) list item of the page ([data-item]). */
function step(dir) {
  const items = [...document.querySelectorAll("main [data-item]")].filter((el) => el.offsetParent !== null);
  if (!items.length) return false;
  const at = items.indexOf(document.activeElement.closest?.("[data-item]"));
  const next = items[Math.max(0, Math.min(items.length - 1, at < 0 ? 0 : at + dir))];
  next.focus();
  next.scrollIntoView({ block: "nearest" });
  return true;
}

export function installKeys() {
  const help = document.getElementById("help");
  document.getElementById("help-button").addEventListener("click", () => help.showModal());
  document.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && typing(e.target)) {
      e.target.form?.requestSubmit();
      e.preventDefault();
      return;
    }
    if (typing(e.target) || e.altKey || e.ctrlKey || e.metaKey || help.open) return;
    if (sections[e.key]) location.hash = sections[e.key];
    else if (e.key === "?") help.showModal();
    else if (e.key === "/") {
      const field = document.querySelector("main [data-search], main input, main textarea");
      if (field) field.focus();
    } else if (e.key === "j" || e.key === "ArrowDown") {
      if (!step(1)) return;
    } else if (e.key === "k" || e.key === "ArrowUp") {
      if (!step(-1)) return;
    } else return;
    e.preventDefault();
  });
}
