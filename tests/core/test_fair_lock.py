"""The encoder's and the writer's lock go to whoever asked first: a job taking it item by item
lets the chat, asking meanwhile, in after the item in hand. The holder may take it again."""

from __future__ import annotations

import threading

from core.fair_lock import FairLock
from tests.core.lock_order import order_of_entry


def test_a_thread_that_asks_again_queues_behind_the_one_already_waiting() -> None:
    lock = FairLock()
    order = order_of_entry(lambda: lock, items=50)
    assert order[:2] == ["item 0", "asker"]
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


def test_the_holder_takes_it_again_and_others_wait_for_the_last_release() -> None:
    lock = FairLock()
    other_in = threading.Event()

    def other() -> None:
        with lock:
            other_in.set()

    with lock:
        with lock:
            waiter = threading.Thread(target=other)
            waiter.start()
        assert not other_in.wait(0.1)
    assert other_in.wait(5)
    waiter.join(5)
