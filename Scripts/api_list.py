#!/usr/bin/env python3
"""Prints the public API in symbol graphs as sorted lines, one declaration or conformance a line.

    python3 Scripts/api_list.py SYMBOL_GRAPH_DIR...

Each line is `Module  Path.To.Symbol  declaration`, or `Module  Type  : Protocol` for a conformance. Members the
compiler synthesises from a conformance (hashValue, !=, ...) are left out: the conformance line stands for them.
The module is the source folder a symbol is declared in, so moving a symbol between modules shows up too.
"""
import json
import pathlib
import re
import sys


def module_of(symbol, fallback):
    uri = symbol.get("location", {}).get("uri", "")
    match = re.search(r"/Sources/([^/]+)/", uri)
    return match.group(1) if match else fallback


def declaration(symbol):
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return re.sub(r"\s+", " ", text).strip()


lines = set()
for directory in sys.argv[1:]:
    for path in sorted(pathlib.Path(directory).glob("*.symbols.json")):
        graph = json.loads(path.read_text())
        graph_module = graph["module"]["name"]
        symbols = {}
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise or symbol.get("accessLevel") not in ("public", "open"):
                continue
            name = ".".join(symbol["pathComponents"])
            module = module_of(symbol, graph_module)
            symbols[precise] = (module, name)
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            lines.add(f"{module}  {name}  {declaration(symbol)}")
        for relation in graph.get("relationships", []):
            if relation["kind"] != "conformsTo" or relation["source"] not in symbols:
                continue
            module, name = symbols[relation["source"]]
            protocol = relation.get("targetFallback") or relation["target"]
            protocol = re.sub(r"^Swift\.", "", protocol)
            lines.add(f"{module}  {name}  : {protocol}")

for line in sorted(lines):
    print(line)
