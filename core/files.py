"""Files the user names or keeps: why one named cannot be read as a file, and writing those kept
(settings, digests, exports) so that a crash or a full disk mid-write leaves the previous file
whole, never half of a new one."""

from __future__ import annotations

import os
import zipfile
import zlib
from pathlib import Path

from core.errors import InputError

# What reading a zip the user handed in may raise: damaged or cut short (zipfile also raises
# ValueError for offsets past its ends and names it cannot decode), a compression Python does
# not read (NotImplementedError), a member protected by a password (RuntimeError).
ZIP_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    ValueError,
    NotImplementedError,
    RuntimeError,
    OSError,
)


def write_text_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(text, "utf-8")
    os.replace(tmp, path)


def write_export(path: Path, text: str) -> None:
    """A file written where the user chose (an export): a place that cannot take it is said in
    plain words, not as a traceback."""
    if path.is_dir():
        raise InputError(f"{path} is a folder; choose a file name to write to.")
    try:
        write_text_atomically(path, text)
    except OSError as exc:
        path.with_name(path.name + ".part").unlink(missing_ok=True)
        raise InputError(f"Could not write {path}: {exc.strerror or exc}.") from exc


def not_a_file(path: Path) -> str:
    """Why a path the user named is not a file to read: "no such file" sent someone who had
    picked a folder or a device looking for a typo."""
    if not path.exists():
        return f"{path} does not exist."
    if path.is_dir():
        return f"{path} is a folder, not a file."
    return f"{path} is not a regular file."
