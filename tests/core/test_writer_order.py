"""The single writer is handed over in turn: a job writing transaction after transaction (an
import, a re-embedding) lets a chat write that asked meanwhile in after the transaction in
hand, instead of winning the writer back each time."""

from __future__ import annotations

import threading
import time

from core.store import MemoryStore


def test_a_chat_write_goes_in_after_the_jobs_transaction_in_hand(store: MemoryStore) -> None:
    order: list[str] = []
    chat_asked = threading.Event()

    def job() -> None:
        for batch in range(20):
            with store.db.write() as cur:
                cur.execute("SELECT 1").fetchall()
                order.append(f"batch {batch}")
                if batch == 0:
                    chat_asked.wait(10)
                    time.sleep(0.05)

    def chat() -> None:
        chat_asked.set()
        with store.db.write() as cur:
            cur.execute("SELECT 1").fetchall()
            order.append("chat")

    worker = threading.Thread(target=job)
    worker.start()
    while not order:
        time.sleep(0.001)
    writer = threading.Thread(target=chat)
    writer.start()
    worker.join(30)
    writer.join(30)
    assert order[:2] == ["batch 0", "chat"]
    assert len(order) == 21
