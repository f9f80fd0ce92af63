#!/usr/bin/env bash
# Counts the comment characters of the Swift files under the given folders: every `/* */` block
# and every line whose first non-blank characters are `//`, each stripped of surrounding blanks
# (markers included), one line per folder and a total.
# String literals (plain, multi-line and raw) are skipped, so a "//" in a URL is not a comment.
#
#     Scripts/comment-chars.sh Sources/Domain Sources/Network   # default: Sources MockServer
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- Sources MockServer

python3 - "$@" <<'PY'
import os, re, sys

def comment_chars(text):
    """Characters inside comments, skipping string literals; block comments may nest."""
    total, i, n = 0, 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            # Only a line that is a comment counts; a comment after code on its line does not.
            if not text[text.rfind("\n", 0, i) + 1:i].strip():
                total += len(text[i:end].strip())
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j): depth, j = depth + 1, j + 2
                elif text.startswith("*/", j): depth, j = depth - 1, j + 2
                else: j += 1
            # Indentation at the start of each inner line is not counted.
            total += sum(len(line.strip()) for line in text[i:j].split("\n"))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            j = i + hashes
            quote = '"""' if text.startswith('"""', j) else '"'
            j += len(quote)
            close = quote + "#" * hashes
            while j < n and not text.startswith(close, j):
                j += 2 if text[j] == "\\" and not hashes else 1
            i = j + len(close)
        else:
            i += 1
    return total

grand = 0
for folder in sys.argv[1:]:
    count = 0
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                with open(os.path.join(root, name), encoding="utf-8") as handle:
                    count += comment_chars(handle.read())
    print(f"{count:>9}  {folder}")
    grand += count
print(f"{grand:>9}  total")
PY
