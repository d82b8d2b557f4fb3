"""The bundled encoder on llama.cpp: the vectors sentence-transformers gives, a conversion made
once and remade when damaged, and encoders it cannot reproduce left on sentence-transformers."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from core.embed import EmbedderSpec, SentenceTransformerEmbedder, bundled_model_path
from core.embed_llama import (
    ENCODERS_DIR,
    LlamaCppEmbedder,
    native_bf16,
    open_embedder,
    shared_decodes,
)
from core.errors import ModelError

TEXTS = [
    "What did we decide about the garden last week?",
    "Zoë bakes crème brûlée at the café in Porto",
    "東京で寿司を食べました",
    "flight 815, PIN 0000",
    "",
    # Longer than the 256 tokens sentence-transformers reads: cut the same way.
    "Ana: I went to the support group yesterday and it was so powerful.\n"
    "Ben: That's amazing! How did it feel?\n" * 20,
]


@pytest.mark.parametrize("bf16", [False, True], ids=["float32", "bfloat16"])
def test_llama_cpp_gives_the_vectors_sentence_transformers_gives(
    embedder: SentenceTransformerEmbedder, tmp_path: Path, bf16: bool
) -> None:
    assert isinstance(open_embedder(EmbedderSpec(), tmp_path), LlamaCppEmbedder)
    on_llama = LlamaCppEmbedder(EmbedderSpec(), bundled_model_path(), tmp_path, bf16=bf16)
    expected = embedder.embed(TEXTS)
    got = on_llama.embed(TEXTS)
    assert got.shape == expected.shape == (len(TEXTS), 384)
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    cosines = (got * expected).sum(axis=1)
    assert cosines.min() > 0.9999, cosines
    assert on_llama.embed([]).shape == (0, 384)


def test_short_texts_share_a_decode_and_keep_the_vectors_each_gets_alone(tmp_path: Path) -> None:
    """An import's facts are a few tokens each: embedded together, one decode holds many, and
    each vector is still its own (the encoder attends within a text only)."""
    encoder = LlamaCppEmbedder(EmbedderSpec(), bundled_model_path(), tmp_path, bf16=False)
    facts = [
        f"Ana {verb} the {thing}"
        for verb in ("likes", "painted", "sold")
        for thing in ("harbour", "violin", "garden", "sunrise", "bakery", "festival", "river")
    ]
    facts.append("Ana: " + "a long exchange about the harbour festival " * 40)
    together = encoder.embed(facts)
    alone = np.vstack([encoder.embed([fact]) for fact in facts])
    assert (together * alone).sum(axis=1).min() > 0.99999
    groups = shared_decodes([8] * 21 + [256], 256, 64)
    assert groups == [list(range(21)), [21]]
    assert shared_decodes([100, 100, 100], 256, 64) == [[0, 1], [2]]
    assert shared_decodes([5] * 5, 256, 2) == [[0, 1], [2, 3], [4]]


def test_a_query_asked_while_a_document_is_embedded_waits_for_one_text_not_all(
    tmp_path: Path,
) -> None:
    encoder = open_embedder(EmbedderSpec(), tmp_path)
    encoder.load()
    chunks = ["The harbour festival opens with boats and music along the river. " * 20] * 40
    finished = threading.Event()

    def ingest() -> None:
        encoder.embed(chunks)
        finished.set()

    worker = threading.Thread(target=ingest)
    worker.start()
    time.sleep(0.2)
    (query,) = encoder.embed(["Where do I live?"])
    answered_first = not finished.is_set()
    worker.join(60)
    assert answered_first, "the query waited for the whole document"
    assert np.isclose(np.linalg.norm(query), 1.0)


def test_the_conversion_is_made_once_and_a_damaged_one_is_made_again(tmp_path: Path) -> None:
    first = open_embedder(EmbedderSpec(), tmp_path)
    reference = first.embed(TEXTS[:1])
    (converted,) = (tmp_path / ENCODERS_DIR).glob("*.gguf")
    written = converted.stat().st_mtime_ns
    size = converted.stat().st_size
    open_embedder(EmbedderSpec(), tmp_path).load()
    assert converted.stat().st_mtime_ns == written
    assert not list((tmp_path / ENCODERS_DIR).glob("*.part"))

    converted.write_bytes(converted.read_bytes()[:4096])  # a copy cut short
    again = open_embedder(EmbedderSpec(), tmp_path)
    assert np.allclose(again.embed(TEXTS[:1]), reference, atol=1e-6)
    assert converted.stat().st_size == size


def test_damaged_weights_say_so_and_leave_no_half_conversion(tmp_path: Path) -> None:
    folder = tmp_path / "cut-short"
    folder.mkdir()
    for item in bundled_model_path().iterdir():
        (folder / item.name).symlink_to(item)
    (folder / "model.safetensors").unlink()
    whole = (bundled_model_path() / "model.safetensors").read_bytes()
    (folder / "model.safetensors").write_bytes(whole[: len(whole) // 2])  # a copy cut short
    encoder = open_embedder(EmbedderSpec("local:cut-short", 384, folder), tmp_path)
    with pytest.raises(ModelError, match="damaged or incomplete"):
        encoder.embed(["hello"])
    assert not list((tmp_path / ENCODERS_DIR).iterdir())


def test_a_conversion_of_the_other_precision_is_replaced_not_kept_beside(
    tmp_path: Path,
) -> None:
    """A data folder moved to a processor without bfloat16 products (or back) is converted
    again, and the ~90 MB the old conversion took are given back."""
    sizes = []
    for bf16 in (False, True, False):
        LlamaCppEmbedder(EmbedderSpec(), bundled_model_path(), tmp_path, bf16=bf16).load()
        (converted,) = tmp_path.glob("*.gguf")
        sizes.append(converted.stat().st_size)
    assert sizes[0] == sizes[2] > sizes[1]


@pytest.mark.parametrize(
    ("features", "bf16"),
    [({"AVX512_BF16"}, True), ({"AVX512_BF16", "AMX_INT8"}, False), (set(), False)],
    ids=["bfloat16-products", "with-amx", "neither"],
)
def test_bfloat16_is_chosen_only_where_it_was_measured_faster(
    monkeypatch: pytest.MonkeyPatch, features: set[str], bf16: bool
) -> None:
    """A processor with AMX embeds a full segment in float32 faster (48 ms against 59 on this
    kind of host): the turn that closes a segment waits for it."""
    monkeypatch.setattr("core.embed_llama.cpu_has", features.__contains__)
    assert native_bf16() is bf16


def test_an_encoder_llama_cpp_cannot_reproduce_stays_on_sentence_transformers(
    tmp_path: Path,
) -> None:
    bundled = bundled_model_path()
    folder = tmp_path / "cls-pooled"
    folder.mkdir()
    for item in bundled.iterdir():
        (folder / item.name).symlink_to(item)
    pooling = json.loads((bundled / "1_Pooling" / "config.json").read_text("utf-8"))
    pooling.update(pooling_mode_mean_tokens=False, pooling_mode_cls_token=True)
    (folder / "1_Pooling").unlink()
    (folder / "1_Pooling").mkdir()
    (folder / "1_Pooling" / "config.json").write_text(json.dumps(pooling), "utf-8")
    spec = EmbedderSpec("local:cls-pooled", 384, folder)
    assert isinstance(open_embedder(spec, tmp_path), SentenceTransformerEmbedder)
    assert isinstance(open_embedder(EmbedderSpec(), tmp_path), LlamaCppEmbedder)
