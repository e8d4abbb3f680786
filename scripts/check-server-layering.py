#!/usr/bin/env python3
"""Checks the layering of crates/server/src (docs/adr/0007-server-layering.md).

1. No import circle spans more than one folder: the module graph is built from the
   paths each file names (`crate::…`, grouped `use crate::{a, b::c}`, `super::…`,
   `self::…` and its own child modules), its strongly connected components are found,
   and a component whose files lie in more than one folder fails the check. A circle
   inside one folder (a parent module and the children it declares) is allowed.
2. `src/api` holds handlers, request parameters and response views only: no `static`
   state, no cache, no call to an upstream client.
3. `map_err` in `src/api` stays under a budget: errors flow with `?` and `From`.
4. `src/error.rs` names no other module of the crate: the services fail with its errors,
   so an error that imports a service runs back up the layers (a service's own outcome,
   such as "nothing to revoke", is mapped in `src/api` instead).

Usage: scripts/check-server-layering.py [SRC_DIR]   (default: crates/server/src)
Exit status 0 when every check passes, 1 otherwise.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

MAP_ERR_BUDGET = 15

# What `src/api` must not contain, with the reason shown when it does. Patterns are
# matched against code with comments and string literals removed.
API_FORBIDDEN = [
    (r"\bstatic\s+[A-Z_][A-Z0-9_]*\s*:", "a `static` item (state belongs to AppState)"),
    (r"\b(OnceLock|OnceCell|LazyLock|Lazy|thread_local)\b", "process-wide lazy state"),
    (r"\b(\w+Caches?|CodeKinds)\b", "a cache (caches live in src/evm/cache)"),
    (r"\breqwest\b", "an HTTP client (upstreams are read in src/evm or src/native)"),
    (r"\.provider\(\)", "a JSON-RPC provider call"),
    (r"\bread_many\b", "a JSON-RPC batch read"),
    (r"\.reader\(\)", "a direct chain read (use a service of src/evm)"),
    (r"\.(source|rpc_source)\(\)", "a direct data-source call (use a service of src/evm)"),
    (r"\.resolver\(\)", "a direct contract lookup (use a service of src/evm)"),
    (r"\b(ChainClient|HistoryClient|SponsorClient|TeloscanClient|HyperionEvmClient)\b",
     "an upstream client type (use a service of src/native or src/evm)"),
    (r"\.(chain|sponsor)\.|\.history\(\)\?|&\w+\.sponsor\b", "a direct native upstream call"),
]


def strip_comments_and_strings(text: str) -> str:
    """Code without comments, string and char literals (their content never counts)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == "r" and re.match(r'r#*"', text[i:]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            out.append('""')
            i = n if end < 0 else end + 1 + len(hashes)
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:]):
            i += len(re.match(r"'(\\.|[^\\'])'", text[i:]).group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def without_test_module(code: str) -> str:
    """The code before a trailing `#[cfg(test)] mod tests { … }` (tests may reach anywhere)."""
    match = re.search(r"#\[cfg\(test\)\]\s*mod\s+tests\s*\{", code)
    return code[: match.start()] if match else code


class Crate:
    def __init__(self, src: Path) -> None:
        self.src = src
        self.modules: dict[tuple[str, ...], Path] = {}
        for path in sorted(src.rglob("*.rs")):
            rel = path.relative_to(src)
            if rel.name in ("main.rs", "tests.rs") or rel.name.endswith("_tests.rs"):
                continue  # the binary is its own crate; test files are not the design
            parts = list(rel.with_suffix("").parts)
            if parts[-1] in ("mod", "lib"):
                parts.pop()
            self.modules[tuple(parts)] = path

    def module_of(self, path: Path) -> tuple[str, ...]:
        return next(module for module, file in self.modules.items() if file == path)

    def resolve(self, segments: list[str]) -> Path | None:
        """The file of the longest module prefix of `segments`."""
        for length in range(len(segments), -1, -1):
            file = self.modules.get(tuple(segments[:length]))
            if file is not None:
                return file
        return None

    def folder(self, path: Path) -> str:
        return str(path.parent.relative_to(self.src)) or "."


def use_paths(tree: str) -> list[str]:
    """Every path a `use` tree names: `a::{b, c::{d, e}}` → a::b, a::c::d, a::c::e."""
    tree = re.sub(r"\s+", "", tree)
    brace = tree.find("{")
    if brace < 0:
        return [re.sub(r"as\w+$", "", tree)] if tree else []
    prefix, inner = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for index, char in enumerate(inner):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(inner[start:index])
            start = index + 1
    parts.append(inner[start:])
    found = []
    for part in parts:
        if part in ("", "self"):
            found.append(prefix.rstrip(":"))
        else:
            found.extend(prefix + sub for sub in use_paths(part))
    return found


PATH = re.compile(r"(?<![\w:])((?:crate|self|super)(?:::\w+)+|\w+(?:::\w+)+)")


def edges_of(crate: Crate, path: Path) -> set[Path]:
    code = without_test_module(strip_comments_and_strings(path.read_text(encoding="utf-8")))
    module = list(crate.module_of(path))
    children = set(re.findall(r"^\s*(?:pub(?:\([\w:]+\))?\s+)?mod\s+(\w+)\s*;", code, re.M))
    names = []
    for tree in re.findall(r"\buse\s+([^;]+);", code):
        names.extend(use_paths(tree))
    body = re.sub(r"\buse\s+[^;]+;", "", code)
    names.extend(PATH.findall(body))
    targets = set()
    for name in names:
        segments = [s for s in name.split("::") if s]
        if not segments:
            continue
        head = segments[0]
        if head == "crate":
            absolute = segments[1:]
        elif head == "super":
            ups = 0
            while ups < len(segments) and segments[ups] == "super":
                ups += 1
            absolute = module[: len(module) - ups] + segments[ups:]
        elif head == "self":
            absolute = module + segments[1:]
        elif head in children:
            absolute = module + segments
        else:
            continue  # another crate, std, or an item in scope
        target = crate.resolve(absolute)
        if target is not None and target != path:
            targets.add(target)
    return targets


def strongly_connected(graph: dict[Path, set[Path]]) -> list[list[Path]]:
    """Tarjan's algorithm, iteratively."""
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    on_stack: set[Path] = set()
    found: list[list[Path]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = counter
                    counter += 1
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(component)
    return found


def check_circles(crate: Crate) -> bool:
    graph = {path: edges_of(crate, path) for path in crate.modules.values()}
    bad = []
    for component in strongly_connected(graph):
        folders = sorted({crate.folder(path) for path in component})
        if len(component) > 1 and len(folders) > 1:
            bad.append((folders, sorted(component)))
    edges = sum(len(targets) for targets in graph.values())
    if not bad:
        print(f"import circles: none spans more than one folder "
              f"({len(graph)} modules, {edges} edges)")
        return True
    for folders, component in bad:
        print(f"import circle across {len(folders)} folders ({', '.join(folders)}):")
        for path in component:
            print(f"  {path.relative_to(crate.src.parent.parent.parent)}")
    return False


def api_files(src: Path) -> list[Path]:
    return sorted((src / "api").rglob("*.rs"))


def joined_chains(code: str) -> str:
    """`a\n    .b()` as `a.b()`, so a method chain split over lines reads as one line."""
    return re.sub(r"\n\s*(?=\.[A-Za-z_])", "", code)


def check_api_purity(src: Path) -> bool:
    problems = []
    for path in api_files(src):
        code = without_test_module(strip_comments_and_strings(path.read_text(encoding="utf-8")))
        for line in joined_chains(code).splitlines():
            for pattern, reason in API_FORBIDDEN:
                if re.search(pattern, line):
                    shown = path.relative_to(src.parent)
                    problems.append(f"  {shown}: {reason}: {line.strip()}")
                    break
    if not problems:
        print("api purity: no static state, cache or upstream call in src/api")
        return True
    print("src/api must hold handlers, request parameters and response views only;")
    print("move state, caches and upstream calls to src/evm or src/native:")
    print("\n".join(problems))
    return False


def check_map_err(src: Path) -> bool:
    count = sum(
        len(re.findall(r"\.map_err\(", path.read_text(encoding="utf-8"))) for path in api_files(src)
    )
    ok = count < MAP_ERR_BUDGET
    verdict = "ok" if ok else f"too many: let errors flow with `?` and `From` (budget {MAP_ERR_BUDGET})"
    print(f"map_err in src/api: {count} ({verdict})")
    return ok


def check_error_leaf(crate: Crate) -> bool:
    errors = crate.src / "error.rs"
    named = sorted(edges_of(crate, errors)) if errors.exists() else []
    if not named:
        print("errors: src/error.rs imports no module of the crate")
        return True
    print("src/error.rs must not import the modules that fail with it; it names:")
    for path in named:
        print(f"  {path.relative_to(crate.src.parent.parent.parent)}")
    return False


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "crates" / "server" / "src"
    crate = Crate(src)
    results = [check_circles(crate), check_api_purity(src), check_map_err(src), check_error_leaf(crate)]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
