"""The race both fair-lock tests stage: a job takes a lock item by item; a second thread asks
for it while the job holds it for its first item."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

Take = Callable[[], AbstractContextManager[Any]]


def order_of_entry(take: Take, items: int, work: Callable[[Any], object] = bool) -> list[str]:
    """Who held the lock, in order: "item N" for the job, "asker" for the other thread. The
    job does `work` with what the lock gives on each item (real jobs leave the GIL there)."""
    order: list[str] = []
    asked = threading.Event()

    def job() -> None:
        for item in range(items):
            with take() as held:
                work(held)
                order.append(f"item {item}")
                if item == 0:
                    asked.wait(10)
                    # Time for the asker to be queued on the lock, not just started.
                    time.sleep(0.05)

    def asker() -> None:
        asked.set()
        with take():
            order.append("asker")

    worker = threading.Thread(target=job)
    worker.start()
    while not order:
        time.sleep(0.001)
    second = threading.Thread(target=asker)
    second.start()
    worker.join(30)
    second.join(30)
    return order
