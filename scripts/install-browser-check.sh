#!/usr/bin/env bash
# Installs what scripts/check-map-in-browser.sh needs, on a bare Debian machine: Chromium from
# Debian's packages, and Playwright from PyPI in a virtual environment outside the clone (it
# drives that Chromium; `playwright install`, which downloads a browser build, is never run).
# Idempotent: when both are there it installs nothing, and takes well under a second (28 s here
# to install both from the registries, 11 s from apt's and pip's caches).
#
#   bash scripts/install-browser-check.sh
#
# Prints two lines for the check: CHROMIUM=<the browser binary> and PYTHON=<the environment's
# python>.
# SHARED_INSTANCES_BROWSER_VENV chooses the environment's folder
# (default: ~/.cache/shared-instances/browser-check).
set -euo pipefail

venv=${SHARED_INSTANCES_BROWSER_VENV:-$HOME/.cache/shared-instances/browser-check}
# The version the check was written against (it drove Debian 12's Chromium 156).
playwright_version=1.65.2
here=$(cd "$(dirname "$0")" && pwd)

apt_install() { bash "$here/apt-install.sh" "$@" >&2; }

chromium=$(command -v chromium || true)
if [ -z "$chromium" ]; then
  echo "install-browser-check: installing chromium (Debian's package)" >&2
  apt_install chromium
  chromium=$(command -v chromium)
fi

installed=$("$venv/bin/python" -c "import importlib.metadata as m; print(m.version('playwright'))" \
  2>/dev/null || true)
if [ "$installed" != "$playwright_version" ]; then
  echo "install-browser-check: installing playwright $playwright_version (PyPI) into $venv" >&2
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  if ! python3 -m venv "$venv" >&2 2>/dev/null; then
    apt_install python3-venv
    rm -rf "$venv"
    python3 -m venv "$venv" >&2
  fi
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "playwright==$playwright_version" >&2
fi

# Debian's /usr/bin/chromium is a shell wrapper; Playwright drives the browser binary itself.
if [ -x /usr/lib/chromium/chromium ]; then chromium=/usr/lib/chromium/chromium; fi

echo "CHROMIUM=$chromium"
echo "PYTHON=$venv/bin/python"
