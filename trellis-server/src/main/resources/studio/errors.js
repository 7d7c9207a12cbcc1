// The one place errors are shown: a dismissible alert with the server's `detail`.

const box = () => document.getElementById("error");

export function showError(e) {
  const text = e?.detail !== undefined ? `${e.message}` : String(e?.message ?? e);
  document.getElementById("error-text").textContent = text;
  box().hidden = false;
  if (!(e?.detail !== undefined)) console.warn(e);
}

export function clearError() {
  box().hidden = true;
}

/** Runs `fn`, showing any error it throws; returns its result or undefined. */
export async function guard(fn) {
  try {
    return await fn();
  } catch (e) {
    if (e?.name === "AbortError") return undefined;
    showError(e);
    return undefined;
  }
}
