"""The bundled MiniLM encoder, loaded from the installed package with the hub switched off."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from core.embed import EmbedderSpec, SentenceTransformerEmbedder, fair_share
from core.errors import ModelError
from core.tokens import CHARS_PER_TOKEN_MAX


def test_bundled_model_embeds_offline(embedder: SentenceTransformerEmbedder) -> None:
    vectors = embedder.embed(["I love my dog", "My puppy is adorable", "Tax forms are due"])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    similar, unrelated = vectors[0] @ vectors[1], vectors[0] @ vectors[2]
    assert similar > unrelated + 0.2


def test_empty_batch_needs_no_model() -> None:
    assert SentenceTransformerEmbedder().embed([]).shape == (0, 384)


def test_missing_model_folder_is_a_clear_error(tmp_path: Path) -> None:
    embedder = SentenceTransformerEmbedder(EmbedderSpec("x", 384, tmp_path / "absent"))
    with pytest.raises(ModelError, match="not found"):
        embedder.embed(["hello"])


def test_wrong_dimension_is_refused(embedder: SentenceTransformerEmbedder) -> None:
    from core.embed import bundled_model_path

    wrong = SentenceTransformerEmbedder(EmbedderSpec("minilm", 768, bundled_model_path()))
    with pytest.raises(ModelError, match="384-dim"):
        wrong.load()


def test_a_long_reply_does_not_hide_the_turns_after_it(
    embedder: SentenceTransformerEmbedder,
) -> None:
    """The encoder reads 256 tokens: cut at the head, this exchange would be remembered by the
    question and the reply's first paragraphs only, never by the dog."""
    reply = "Assistant: " + "Line 14 of the tax form asks for deductible expenses. " * 40
    exchange = f"User: How do I fill in line 14?\n{reply}\nUser: We adopted a puppy called Rex!"
    unsaid = exchange.rsplit("\n", 1)[0]
    said, cut, dog, tax = embedder.embed([exchange, unsaid, "We adopted a puppy called Rex", "tax"])
    assert said @ dog > cut @ dog + 0.1
    assert said @ tax > 0.3  # and the reply is still there


def test_fair_share_keeps_every_speaker_and_never_counts_a_paste_whole() -> None:
    """Five turns that overflow the encoder's window each keep their head; a pasted megabyte is
    cut to what the window could read before anything counts it (0.3 s a count)."""
    seen: list[int] = []

    def words(text: str) -> int:
        seen.append(len(text))
        return len(text.split())

    short = "Ana: hello\nEngram: hi"
    assert fair_share(short, words, 254) == short
    turns = [f"Speaker{i}: " + " ".join(f"w{i}x{j}" for j in range(200)) for i in range(5)]
    shared = fair_share("\n".join(turns), words, 254).split("\n")
    assert [line.split(":")[0] for line in shared] == [f"Speaker{i}" for i in range(5)]
    assert sum(words(line) for line in shared) <= 254
    seen.clear()
    paste = "Ana: " + "log line 42 " * 90_000
    shared = fair_share(f"{paste}\nEngram: that is long", words, 254)
    assert max(seen) <= 254 * CHARS_PER_TOKEN_MAX
    assert shared.startswith("Ana: log line 42") and shared.endswith("Engram: that is long")
