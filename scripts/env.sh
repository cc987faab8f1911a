# Environment shared by scripts/setup, scripts/serve and scripts/test (sourced, not run).
# shellcheck shell=bash

ROOT="${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"

# node_modules/.bin first: Trunk must find binaryen 132's wasm-opt there, not Debian's 108 in /usr/bin.
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# Browser tests (wasm-bindgen-test): cargo runs the wasm test binaries through wasm-bindgen-test-runner,
# which drives Debian's Chromium through chromedriver with the capabilities in tests/webdriver.json.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER="${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER:-wasm-bindgen-test-runner}"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export WASM_BINDGEN_TEST_WEBDRIVER_JSON="${WASM_BINDGEN_TEST_WEBDRIVER_JSON:-$ROOT/tests/webdriver.json}"
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-120}"
export WASM_BINDGEN_TEST_DRIVER_TIMEOUT="${WASM_BINDGEN_TEST_DRIVER_TIMEOUT:-30}"

# End-to-end tests and measurements (playwright-core) launch this browser.
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
