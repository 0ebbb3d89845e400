#!/usr/bin/env bash
# Installs the Debian packages Glint needs when they are missing: ffmpeg (media) and a font (the
# words on demo clips), and for the browser tests Chromium (the whole browser, for the benchmarks and
# what only it does, and its headless shell, which the browser suite drives). Needs root or sudo; says what to do otherwise.
set -euo pipefail
need=()
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
# The words on the demo clips, and the browser tests' pages.
dpkg -s fonts-liberation >/dev/null 2>&1 || need+=(fonts-liberation)
if [ "${1:-}" = "--test" ]; then
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
  command -v openssl >/dev/null 2>&1 || need+=(openssl)
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "Glint needs these Debian packages: ${need[*]}. Install them as root: apt-get install ${need[*]}" >&2
  exit 1
fi
echo "Installing Debian packages: ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
