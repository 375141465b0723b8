#!/bin/sh
# Writes BuildStamp.swift, what `apicheck version` prints: the commit of the git checkout at $1
# (the package's own folder), or "unknown" when there is none (a source archive, no git, a folder
# inside someone else's repository), and whether tracked files differ from it. Usage:
#   stamp.sh PACKAGE_DIR OUTPUT_FILE
# The file is rewritten only when its text changes, so a build at an unchanged commit compiles
# nothing again.
root=$1
output=$2
commit=unknown
modified=false
top=$(git -C "$root" rev-parse --show-toplevel 2>/dev/null) || top=
here=$(cd "$root" 2>/dev/null && pwd -P) || here=
if [ -n "$top" ] && [ "$top" = "$here" ]; then
    head=$(git -C "$root" rev-parse --verify --quiet HEAD 2>/dev/null) || head=
    case "$head" in
        *[!0-9a-f]* | "") ;;
        *) commit=$head
           if [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then modified=true; fi ;;
    esac
fi
text="// Written by stamp.sh at build time; not in the repository.
enum BuildStamp {
    static let commit = \"$commit\"
    static let modified = $modified
}"
if [ "$(cat "$output" 2>/dev/null)" != "$text" ]; then
    printf '%s\n' "$text" > "$output.tmp" && mv "$output.tmp" "$output"
fi
