#!/usr/bin/env bash
# Checks that the repository's documentation stands alone:
#
# - every relative Markdown link `[text](path)` (and `[id]: path`) in a tracked *.md file points
#   at a file or folder that exists, resolved from the linking file's folder; a `#fragment` on a
#   link to a Markdown file must name one of its headings (GitHub's heading anchors);
# - no tracked *.md or *.swift file refers to `../shared`, which a clone does not have.
#
# Links to http(s), mailto and same-page `#anchors` are skipped, and so is anything inside code
# (fenced blocks and `inline code`). Needs bash, git and python3 only.
#
#     Scripts/check-links.sh        # exit 0 when clean; else lists each problem and exits 1
set -euo pipefail
cd "$(dirname "$0")/.."

status=0

git ls-files -z -- '*.md' | python3 -c '
import os, re, sys, unicodedata
from urllib.parse import unquote

files = [f for f in sys.stdin.buffer.read().decode().split("\0") if f]
inline = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:\"[^\"]*\"|\x27[^\x27]*\x27|\([^)]*\)))?\s*\)")
reference = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
fence = re.compile(r"^\s{0,3}(```+|~~~+)")
code_span = re.compile(r"(`+)(?:.+?)\1")

def slug(heading):
    # GitHub: lower case, drop punctuation but hyphens and underscores, spaces become hyphens.
    text = re.sub(r"`|\*\*|__", "", heading.strip()).lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    kept = []
    for ch in text:
        if ch in "-_ " or unicodedata.category(ch)[0] in "LNM":
            kept.append(ch)
    return "".join(kept).replace(" ", "-")

def prose_lines(path):
    """(line number, line) for every line outside fenced code blocks."""
    in_fence = None
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            match = fence.match(line)
            if match:
                marker = match.group(1)[0]
                in_fence = None if in_fence == marker else (in_fence or marker)
            elif not in_fence:
                yield number, line

anchor_cache = {}
def anchors(path):
    if path not in anchor_cache:
        seen, found = {}, set()
        for _, line in prose_lines(path):
            heading = re.match(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
            if heading:
                base = slug(heading.group(1))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        anchor_cache[path] = found
    return anchor_cache[path]

def targets(path):
    for number, line in prose_lines(path):
        text = code_span.sub("", line)
        for found in inline.finditer(text):
            yield number, found.group(1)
        ref = reference.match(text)
        if ref:
            yield number, ref.group(1)

broken = []
for path in files:
    if not os.path.isfile(path):
        continue
    folder = os.path.dirname(path)
    for number, target in targets(path):
        target = target.strip("<>")
        if not target or target.startswith("#") or re.match(r"^(https?:|mailto:)", target, re.I):
            continue
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            broken.append(f"{path}:{number}: {target} (a scheme this check does not follow)")
            continue
        file_part, _, fragment = target.partition("#")
        file_part = file_part.split("?", 1)[0]
        resolved = os.path.normpath(os.path.join(folder, unquote(file_part))) if file_part else path
        if os.path.isabs(unquote(file_part)) or resolved.startswith(".."):
            broken.append(f"{path}:{number}: {target} (points outside the repository)")
        elif not os.path.exists(resolved):
            broken.append(f"{path}:{number}: {target} (no such file: {resolved})")
        elif fragment and resolved.endswith(".md") and unquote(fragment).lower() not in anchors(resolved):
            broken.append(f"{path}:{number}: {target} (no heading #{fragment} in {resolved})")

for line in broken:
    print(f"broken link: {line}")
sys.exit(1 if broken else 0)
' || status=1

# `git grep` exits 1 when nothing matches, which is the good case here.
if git grep -n -F '../shared' -- '*.md' '*.swift'; then
    echo "error: the lines above refer to ../shared, which a clone of the repository does not have"
    status=1
fi

if [ "$status" -eq 0 ]; then
    echo "links: every relative link resolves, and nothing refers to ../shared"
fi
exit "$status"
