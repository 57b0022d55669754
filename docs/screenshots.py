"""Screenshots of kb serve for the README: home, rule (three languages), search, card,
diff and glossary pages, at desktop (1280 px) and phone (390 px) widths, with headless Chromium.

    .venv/bin/python docs/screenshots.py --home KB_HOME [--out docs/screenshots]

The KB should hold the seeds, English and Chinese 2026-04-17, an older English edition
(2025-11-14, for the diff) and BRO.json.  A server is started on a free port of
127.0.0.1 and stopped at the end.
"""

from __future__ import annotations

import argparse
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

PAGES = {
    "home": "/",
    "rule": "/rules/730.2?lang=en&lang=it&lang=zh-Hans",
    "search": "/search?q=" + quote("merged permanent"),
    "card": "/cards/" + quote("非瑞克西亚龙引擎"),
    "diff": "/diff/2025-11-14/2026-04-17",
    "glossary": "/glossary/" + quote("colour identity"),
}
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(home: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--home", str(home), "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/index.json", timeout=2).close()
            return proc, base
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("kb serve did not start")


def browser(width: int, height: int):  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", f"--window-size={width},{height}"):
        options.add_argument(arg)
    return webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver")))


def phone(driver, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    """The viewport exactly ``width`` px wide (a headless window cannot be narrower than 500)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    proc, base = serve(args.home)
    try:
        for label, (width, height) in WIDTHS.items():
            driver = browser(width, height)
            phone(driver, width, height)
            try:
                for name, url in PAGES.items():
                    driver.get(base + url)
                    driver.execute_script("return document.fonts.ready")
                    time.sleep(0.3)
                    path = args.out / f"{name}-{label}.png"
                    driver.save_screenshot(str(path))
                    print(path)
            finally:
                driver.quit()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


if __name__ == "__main__":
    main()
