"""Writing files the user keeps (settings, digests, exports) so that a crash or a full disk
mid-write leaves the previous file whole, never half of a new one."""

from __future__ import annotations

import os
from pathlib import Path


def write_text_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(text, "utf-8")
    os.replace(tmp, path)
