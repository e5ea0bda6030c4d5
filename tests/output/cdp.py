"""A small driver for headless Chromium over the DevTools protocol, with no dependency: the
browser is started with ``--remote-debugging-pipe`` and reads commands from its fd 3 and writes
replies to its fd 4, each a JSON message ended by a NUL byte.

Every read has a timeout (a browser that hangs fails the test, it never hangs the suite). Used
by the report page's tests to click, type and read the page as a person would.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
TIMEOUT = 60.0  # seconds for any one reply


class BrowserError(RuntimeError):
    """The browser died, did not answer in time, or answered with an error."""


def find_browser() -> str | None:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless Chromium with one page; ``with Browser(path, width) as page: ...``."""

    def __init__(self, executable: str, width: int = 1400, height: int = 1000) -> None:
        # Chromium's helper processes may still write to the profile for a moment after the
        # browser has exited: a file they add then must not fail the test that used it.
        self.profile = tempfile.TemporaryDirectory(
            prefix="wsscore-cdp-", ignore_cleanup_errors=True
        )
        commands_read, self.commands = os.pipe()
        self.replies, replies_write = os.pipe()
        # The child sees the two pipe ends as its fds 3 and 4, as --remote-debugging-pipe wants:
        # moved there just before exec. Every other descriptor of ours is non-inheritable
        # (PEP 446), so close_fds=False hands the browser only these two.
        self.process = subprocess.Popen(
            [
                executable,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--no-first-run",
                "--remote-debugging-pipe",
                f"--user-data-dir={self.profile.name}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=_as_fds_3_and_4(commands_read, replies_write),
        )
        os.close(commands_read)
        os.close(replies_write)
        self.buffer = b""
        self.next_id = 0
        self.session = ""
        self.events: list[dict[str, Any]] = []
        self.width, self.height = width, height

    def __enter__(self) -> Browser:
        try:
            target = self.call("Target.createTarget", url="about:blank")["targetId"]
            attached = self.call("Target.attachToTarget", targetId=target, flatten=True)
            self.session = attached["sessionId"]
            self.call("Page.enable")
            self.call("Runtime.enable")
            self.call(
                "Emulation.setDeviceMetricsOverride",
                width=self.width,
                height=self.height,
                deviceScaleFactor=1,
                mobile=False,
            )
            # No smooth scrolling: a click lands where the element was measured.
            self.call(
                "Emulation.setEmulatedMedia",
                features=[{"name": "prefers-reduced-motion", "value": "reduce"}],
            )
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        for fd in (self.commands, self.replies):
            with contextlib.suppress(OSError):
                os.close(fd)
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.profile.cleanup()
        if os.path.exists(self.profile.name):  # a late write: one more try, then let it be
            time.sleep(0.5)
            shutil.rmtree(self.profile.name, ignore_errors=True)

    # -- the protocol --
    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command (to the page, once attached) and wait for its reply."""
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode("utf-8") + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            if "method" in reply:
                self.events.append(reply)

    def _read(self) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.replies], [], [], max(left, 0))
            if not ready:
                raise BrowserError(f"no reply from the browser in {TIMEOUT:.0f} s")
            chunk = os.read(self.replies, 1 << 20)
            if not chunk:
                raise BrowserError("the browser closed its pipe (did it crash?)")
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        parsed: dict[str, Any] = json.loads(message)
        return parsed

    # -- what a test does with a page --
    def open(self, url: str) -> None:
        """Load the page and wait until its script has run (``data-selftest`` is set)."""
        self.call("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete' && document.body.dataset.selftest")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        found = self.call(
            "Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True
        )
        if "exceptionDetails" in found:
            raise BrowserError(f"{expression}: {found['exceptionDetails']}")
        return found["result"].get("value")

    def wait_for(self, condition: str, timeout: float = TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not self.evaluate(f"!!({condition})"):
            if time.monotonic() > deadline:
                raise BrowserError(f"still false after {timeout:.0f} s: {condition}")
            time.sleep(0.05)

    def click(self, selector: str) -> None:
        """A real mouse click in the middle of the first element the selector finds."""
        box = self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " e.scrollIntoView({block: 'center', behavior: 'instant'});"
            " const r = e.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        x, y = box
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def type_into(self, selector: str, text: str) -> None:
        """Focus a field, empty it and type the text, as the keyboard would."""
        self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " e.focus(); e.select(); })()"
        )
        self.call("Input.insertText", text=text)

    def screenshot(self, path: Path, full_page: bool = False) -> None:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
        shot = self.call("Page.captureScreenshot", **params)
        path.write_bytes(base64.b64decode(shot["data"]))


def _as_fds_3_and_4(commands: int, replies: int) -> Any:
    """In the child, before exec: the pipe ends moved to fds 3 and 4."""

    def move() -> None:
        # Through spare numbers first: either end may already be 3 or 4.
        spare_commands = os.dup(commands)
        spare_replies = os.dup(replies)
        os.dup2(spare_commands, 3)
        os.dup2(spare_replies, 4)
        os.close(spare_commands)
        os.close(spare_replies)

    return move
