#!/usr/bin/env bash
# Engram's one entry point for a source checkout:
#   bash packaging/engram.sh [run] [ENGRAM ARGS...]   set up if needed, then launch Engram
#   bash packaging/engram.sh test [PYTEST ARGS...]    set up if needed, then run every test
#   bash packaging/engram.sh screenshots [--out DIR]  the real app on a virtual screen (Xvfb):
#                                                     one chat turn, PNGs of chat, inbox, manager
#   bash packaging/engram.sh desktop [--at-login]     set up if needed, then put Engram in the
#                                                     applications menu (and on the desktop);
#                                                     --at-login: also start it, in the tray,
#                                                     when the user logs in (for reminders)
# Set-up creates .venv beside this repo and installs the pinned stack into it. The first time,
# pip compiles llama.cpp from source (about 5-6 minutes on 2 cores); later runs reuse it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
stamp="$venv/.engram-installed"

# Shared libraries Qt needs at run time (Debian/Ubuntu package names).
qt_packages=(
  libegl1 libgl1 libopengl0 libglib2.0-0 libdbus-1-3 libfontconfig1 libfreetype6
  libxkbcommon0 libxkbcommon-x11-0 libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4
  libxcb-keysyms1 libxcb-image0 libxcb-randr0 libxcb-render-util0 libxcb-shape0
  libxcb-xinerama0 libxcb-xkb1 libwayland-cursor0 libwayland-client0 libwayland-egl1
)

say() { printf '\033[1mengram:\033[0m %s\n' "$*" >&2; }

ensure_system_libraries() {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing=()
  for pkg in "${qt_packages[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Qt's system libraries: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    say "Qt may need these system packages: ${missing[*]}"
    say "install them with: sudo apt-get install ${missing[*]}"
  fi
}

ensure_environment() {
  local want
  want="$(sha256sum "$root/pyproject.toml" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  local python="${PYTHON:-python3}"
  if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    say "Engram needs Python 3.11 or newer (found: $("$python" --version 2>&1))."
    exit 1
  fi
  [ -x "$venv/bin/python" ] || { say "creating $venv"; "$python" -m venv "$venv"; }
  say "installing Engram and its pinned dependencies into .venv"
  say "(the first time, llama.cpp is compiled from source: about 5-6 minutes on 2 cores)"
  "$venv/bin/python" -m pip install --quiet --upgrade pip >/dev/null
  "$venv/bin/python" -m pip install --quiet -e "$root[dev]"
  echo "$want" > "$stamp"
  say "set-up done"
}

# A launcher in the applications menu (and a double-clickable one on the desktop, when there is
# a desktop folder): it starts Engram through this script, which sets up again when needed.
install_desktop_entry() {
  local apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
  local entry="$apps/engram.desktop"
  mkdir -p "$apps"
  cat > "$entry" <<ENTRY
[Desktop Entry]
Type=Application
Version=1.0
Name=Engram
GenericName=Personal assistant
Comment=A private assistant that remembers you, on this computer
Exec=bash "$root/packaging/engram.sh"
Icon=$root/ui/icons/engram.svg
Terminal=false
Categories=Utility;Office;
StartupWMClass=engram
ENTRY
  say "Engram is in the applications menu ($entry)"
  local desktop
  desktop="$(xdg-user-dir DESKTOP 2>/dev/null || echo "$HOME/Desktop")"
  if [ -d "$desktop" ] && [ "$desktop" != "$HOME" ]; then
    install -m 755 "$entry" "$desktop/engram.desktop"
    say "and on the desktop ($desktop/engram.desktop): double-click it to start Engram"
  fi
  if [ "${1:-}" = --at-login ]; then
    local autostart="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    mkdir -p "$autostart"
    sed -e "s|^Exec=.*|Exec=bash \"$root/packaging/engram.sh\" --hidden|" "$entry" \
      > "$autostart/engram.desktop"
    say "and it starts when you log in, in the tray ($autostart/engram.desktop; delete it to stop)"
  fi
}

command="${1:-run}"
case "$command" in
  run) [ $# -gt 0 ] && shift ;;
  test | screenshots | desktop) shift ;;
  *) command=run ;;
esac

if [ "$command" = screenshots ]; then
  ensure_system_libraries xvfb xauth
else
  ensure_system_libraries
fi
ensure_environment
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1

if [ "$command" = test ]; then
  cd "$root"
  export QT_QPA_PLATFORM=offscreen
  set +e
  "$venv/bin/python" -m pytest "$@"
  code=$?
  set -e
  if [ "$code" -eq 5 ]; then
    say "pytest collected no tests"
  fi
  exit "$code"
fi
if [ "$command" = screenshots ]; then
  cd "$root"
  command -v xvfb-run >/dev/null 2>&1 || { say "xvfb-run is needed (apt-get install xvfb xauth)"; exit 1; }
  exec xvfb-run -a -s "-screen 0 1400x900x24" env QT_QPA_PLATFORM=xcb \
    "$venv/bin/python" -m tests.screenshots "$@"
fi
if [ "$command" = desktop ]; then
  install_desktop_entry "$@"
  exit 0
fi
exec "$venv/bin/engram" "$@"
