#!/usr/bin/env python3
"""Writes corpus/*.jsonl from the hand-written corpus/src/*.txt (run after editing a .txt).

Line formats: "label|text" (en-US; "GB:label|text" for en-GB), in de.txt/fr.txt the locale is
the file's, and "label|locale|text" in other.txt, de_fr_extra.txt, hard.txt, breadth.txt and round5.txt. In en_long.txt a line may
carry a history after " || ", turns separated by " ## ", assistant turns starting with "A: ".
"""
import json, pathlib

CRISIS = {"attempt_in_progress", "plan_intent", "means_access", "self_harm", "harm_to_others",
          "warning_signs", "passive_ideation", "indirect_ideation"}
LOCALE = {"de.txt": "de-DE", "fr.txt": "fr-FR"}
here = pathlib.Path(__file__).parent
for src in sorted(here.glob("*.txt")):
    out, n = [], 0
    three = src.name in ("other.txt", "de_fr_extra.txt", "hard.txt", "breadth.txt", "round5.txt", "round6.txt", "round7.txt", "round8.txt", "round9.txt", "round10.txt", "round14.txt", "round15.txt", "round16.txt", "round17.txt", "round18.txt")
    for line in src.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        n += 1
        locale = LOCALE.get(src.name, "en-US")
        if line.startswith("GB:"):
            locale, line = "en-GB", line[3:]
        if three:
            label, locale, text = line.split("|", 2)
        else:
            label, text = line.split("|", 1)
        row = {"id": f"{src.stem}-{n:03d}", "text": text, "label": label, "locale": locale, "crisis": label in CRISIS}
        if " || " in text:
            text, hist = text.split(" || ", 1)
            row["text"] = text
            row["history"] = [{"role": "assistant", "content": t[3:]} if t.startswith("A: ") else {"role": "user", "content": t}
                              for t in hist.split(" ## ")]
        assert label in CRISIS | {"third_party_concern", "figurative", "none"}, (src, line)
        out.append(json.dumps(row, ensure_ascii=False))
    (here.parent / (src.stem + ".jsonl")).write_text("\n".join(out) + "\n", encoding="utf-8")
    print(src.name, len(out))
