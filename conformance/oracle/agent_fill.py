"""Writes LangChain's results into each agent scenario file (in place): its `expect` field.

Usage: agent_fill.py FILE|DIR [...]   Expected values are never typed by hand: this is how they are made.
"""
import json
import sys

from agent_oracle import files, run_scenario


def main(argv):
    for path in files(argv):
        with open(path) as f:
            spec = json.load(f)
        spec.pop("expect", None)
        spec["expect"] = run_scenario(spec)
        with open(path, "w") as f:
            json.dump(spec, f, indent=2, ensure_ascii=False)
            f.write("\n")


if __name__ == "__main__":
    sys.setrecursionlimit(100000)
    main(sys.argv[1:])
