"""Writes LangGraph's results into each scenario file (in place): `expect`, and `expect_exit`
where `durability="exit"` gives a different result (it saves one checkpoint per run, so a
history is shorter; see FORMAT.md).

Usage: fill.py FILE|DIR [...]   Expected values are never typed by hand: this is how they are made.
"""
import json
import sys

from oracle import files, run_scenario


def canonical(results):
    """The results with each step's updates and custom events as a multiset (FORMAT.md's comparison)."""
    out = []
    for result in results:
        groups, step = [], []
        for mode, chunk in result.get("events", []):
            if mode == "values":
                groups += [sorted(step), json.dumps(chunk, sort_keys=True)]
                step = []
            else:
                step.append(json.dumps([mode, chunk], sort_keys=True))
        groups.append(sorted(step))
        out.append({**result, "events": groups})
    return out


def main(argv):
    for path in files(argv):
        with open(path) as f:
            spec = json.load(f)
        spec.pop("expect", None)
        spec.pop("expect_exit", None)
        spec["expect"] = run_scenario(spec)
        on_exit = run_scenario(spec, "exit")
        if canonical(on_exit) != canonical(spec["expect"]):
            spec["expect_exit"] = on_exit
        with open(path, "w") as f:
            json.dump(spec, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
