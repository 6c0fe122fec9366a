#!/usr/bin/env bash
# Installs Debian packages for a check, on a bare machine: CI starts with nothing installed by
# hand, so every check that needs a program from Debian's packages (spin, valgrind, heaptrack,
# Chromium, python3-venv) calls this one script instead of writing its own installer.
#
#   bash scripts/apt-install.sh PACKAGE...
#
# As root it runs apt-get itself, otherwise through sudo; without either it stops, naming the
# packages to install by hand. It tries the install from the package lists the machine has
# first and updates them only when that fails (a machine whose lists are current installs
# without touching the network twice). Everything it prints goes to standard error, so a
# caller's standard output stays its own.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "apt-install: name the Debian packages to install" >&2
  exit 2
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "apt-install: $* missing, and neither root nor sudo is available: install them" \
    "with \`apt-get install $*\` as root, then run the check again" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "apt-install: installing $* (Debian's packages)" >&2
if ! "${as_root[@]}" apt-get install -y -qq "$@" >/dev/null 2>&1; then
  "${as_root[@]}" apt-get update -qq >&2
  "${as_root[@]}" apt-get install -y -qq "$@" >&2
fi
