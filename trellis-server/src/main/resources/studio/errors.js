// The one place errors are shown: a dismissible alert with the server's `detail`.

import { ApiError } from "./api.js";

const box = () => document.getElementById("error");

export function showError(e) {
  document.getElementById("error-text").textContent = e?.message ?? String(e);
  box().hidden = false;
  if (!(e instanceof ApiError)) console.warn(e); // a Studio bug or bad input: keep the stack for the console
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
