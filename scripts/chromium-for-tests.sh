#!/usr/bin/env bash
# Debian's Chromium for the browser tests and the browser benchmark (CHROMIUM_PATH, else /usr/bin/chromium), without
# the omnibox's WebUI popup. In a headless Chromium that popup is a renderer of its own, kept in step with every tab a
# test opens: about a tenth of the browser tests' CPU, for a window nobody sees (decision 0084). Chromium keeps only the
# last of a repeated --disable-features, and Playwright passes its own list, so the lists are merged into one here.
set -euo pipefail
disabled=WebUIOmniboxPopup,WebUIOmniboxAimPopup
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled="$disabled,${arg#--disable-features=}" ;;
    *) args+=("$arg") ;;
  esac
done
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}" "--disable-features=$disabled"
