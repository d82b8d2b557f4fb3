"""Command-line argument types shared by the command modules."""

from __future__ import annotations

import argparse
from datetime import datetime

from core.errors import InputError
from core.text_input import parse_timestamp


def iso_datetime(text: str) -> datetime:
    try:
        return parse_timestamp(text, "date")
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
