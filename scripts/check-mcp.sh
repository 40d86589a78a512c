#!/usr/bin/env bash
# Drives `assetsmith mcp` with the official MCP Python SDK (PyPI `mcp`, in a venv under .build):
# tools and resources listed, plan → build → verify → preview on a copy of the bundled example
# and on an adopted project fixture, the preview's PNG received, a slow build cancelled,
# refusals (outside the root, --read-only, hostile input) with the server answering after each
# (Tests/MCPClient/check_mcp.py). Skips, saying so, only when PyPI cannot be reached.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
binary="${ASSETSMITH:-$repo/.build/debug/assetsmith}"
venv="$repo/.build/mcp-venv"
# The client version the check was written against (its results spell fields in snake_case).
client="mcp==2.3.0"

[ -x "$binary" ] && [ -x "$binary-mcp" ] || { swift build --product assetsmith && swift build --product assetsmith-mcp; }
if ! "$venv/bin/python" -c 'import mcp' >/dev/null 2>&1 || ! "$venv/bin/pip" show mcp 2>/dev/null | grep -qx "Version: ${client#mcp==}"; then
  python3 -m venv "$venv" || { echo "error: python3 -m venv failed; install python3-venv (scripts/install-deps.sh)" >&2; exit 1; }
  if ! "$venv/bin/pip" install --quiet --disable-pip-version-check "$client" 2>"$venv.pip.log"; then
    if ! python3 -c 'import urllib.request; urllib.request.urlopen("https://pypi.org/simple/mcp/", timeout=15)' >/dev/null 2>&1; then
      echo "skip: check-mcp: PyPI cannot be reached, so the MCP Python SDK cannot be installed; assetsmith mcp was not checked" >&2
      exit 0
    fi
    echo "error: pip could not install $client although PyPI answers:" >&2
    cat "$venv.pip.log" >&2
    exit 1
  fi
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/assetsmith-mcp-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" Tests/MCPClient/check_mcp.py "$binary" "$repo" "$work"
# An agent's task end to end on a real project, counted (issue 51).
"$venv/bin/python" Tests/MCPClient/agent_task.py "$binary" "$repo" "$work"
