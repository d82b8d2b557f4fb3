"""The single writer is handed over in turn: a job writing transaction after transaction (an
import, a re-embedding) lets a chat write that asked meanwhile in after the transaction in
hand, instead of winning the writer back each time."""

from __future__ import annotations

from core.store import MemoryStore
from tests.core.lock_order import order_of_entry


def test_a_chat_write_goes_in_after_the_jobs_transaction_in_hand(store: MemoryStore) -> None:
    order = order_of_entry(store.db.write, 20, lambda cur: cur.execute("SELECT 1").fetchall())
    assert order[:2] == ["item 0", "asker"]
    assert len(order) == 21
