"""The encoder's lock goes to whoever asked first: a job taking it item by item lets a query
that asked meanwhile in after the item in hand."""

from __future__ import annotations

import threading
import time

from core.fair_lock import FairLock


def test_a_thread_that_asks_again_queues_behind_the_one_already_waiting() -> None:
    lock = FairLock()
    order: list[str] = []
    query_waiting = threading.Event()

    def bulk() -> None:
        for item in range(50):
            with lock:
                order.append(f"item {item}")
                if item == 0:
                    query_waiting.wait(10)
                    # Give the query time to be queued on the lock, not just started.
                    time.sleep(0.05)

    def query() -> None:
        query_waiting.set()
        with lock:
            order.append("query")

    worker = threading.Thread(target=bulk)
    worker.start()
    while not order:
        time.sleep(0.001)
    asker = threading.Thread(target=query)
    asker.start()
    worker.join(10)
    asker.join(10)
    assert order[:2] == ["item 0", "query"]
    assert len(order) == 51


def test_an_error_inside_releases_the_lock() -> None:
    lock = FairLock()
    try:
        with lock:
            raise ValueError("boom")
    except ValueError:
        pass
    taken = threading.Event()

    def take() -> None:
        with lock:
            taken.set()

    threading.Thread(target=take).start()
    assert taken.wait(5)
