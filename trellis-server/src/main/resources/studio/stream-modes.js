// The stream-modes chooser: one checkbox per mode the server streams.
import { h } from "./dom.js";

export const MODES = ["values", "updates", "messages-tuple", "messages", "custom", "tasks", "debug", "checkpoints", "events"];
const DEFAULT = ["values", "updates", "messages-tuple", "custom", "tasks"];

export function modesChooser(chosen = DEFAULT) {
  const boxes = MODES.map((m) => h("label", h("input", { type: "checkbox", value: m, checked: chosen.includes(m), "data-mode": m }), m));
  return {
    element: h("fieldset.modes", h("legend", "Stream modes"), h("div.row", boxes)),
    selected: () => boxes.map((l) => l.querySelector("input")).filter((b) => b.checked).map((b) => b.value),
  };
}

/** The modes to request: the chosen ones plus those the Studio draws from (tasks for the graph; values and message tuples for chat). */
export function requestModes(chosen, chat) {
  const set = new Set([...chosen, "tasks", ...(chat ? ["values", "messages-tuple"] : [])]);
  return [...set];
}
