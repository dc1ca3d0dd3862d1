"""Starts Debian's headless Chromium through chromedriver, the one way the dev scripts open a browser.

    from headless_chromium import open_chromium
    driver = open_chromium("1600,1200", "--enable-precise-memory-info")
"""

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# Flags every script needs: no display, no sandbox (CI runs as root), and /dev/shm not relied on (containers
# give it 64 MB, which a 20 MB page outgrows).
COMMON_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]


def open_chromium(window_size: str, *extra_flags: str) -> webdriver.Chrome:
    """A headless Chromium driver with a window of `window_size` ("WIDTH,HEIGHT") and any further flags."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in [*COMMON_FLAGS, f"--window-size={window_size}", *extra_flags]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
