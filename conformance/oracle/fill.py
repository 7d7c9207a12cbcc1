"""Writes LangGraph's result into each scenario file's `expect` (in place).

Usage: fill.py FILE|DIR [...]   Expected values are never typed by hand: this is how they are made.
"""
import json
import sys

from oracle import files, run_scenario


def main(argv):
    for path in files(argv):
        with open(path) as f:
            spec = json.load(f)
        spec["expect"] = run_scenario(spec)
        with open(path, "w") as f:
            json.dump(spec, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
